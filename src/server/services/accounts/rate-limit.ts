/**
 * Rate limits kept in the database, so they hold across app servers and restarts. Events are counted
 * per fixed window; `takeSlot` reads them as a sliding window (this window plus the previous one,
 * weighted by how much of it lies within one window length of now), so that bursts on either side of a
 * window boundary do not add up to twice the limit.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { addDaysToInstant } from '../../../domain/dates';

export interface Limit {
  /** Allowed events per window. */
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Records one event atomically and returns the new count for the window. */
export async function recordEvent(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const start = windowStart(now, limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // Old windows are dead weight; dropping them here keeps the table small without a job.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, addDaysToInstant(start, -1)));
  return row?.count ?? 1;
}

function previousWindowWeight(now: Date, limit: Limit): number {
  const start = windowStart(now, limit.windowMs).getTime();
  return 1 - (now.getTime() - start) / limit.windowMs;
}

/** Adds `delta` to the current window's count for `key`. */
async function adjust(db: Db, key: string, limit: Limit, now: Date, delta: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} + ${delta}, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, limit.windowMs))));
}

/**
 * Seconds until a sliding-window limit has room for one more event, with `current` events in this
 * window and `previous` in the one before (the estimate falls as the previous window slides out).
 */
function slidingRetryAfter(current: number, previous: number, limit: Limit, now: Date): number {
  const start = windowStart(now, limit.windowMs).getTime();
  const w = limit.windowMs;
  const room = limit.max - 1;
  const at =
    current <= room
      ? start + w * (1 - (room - current) / previous)
      : // Only the next window has room: this one's events then weigh as the previous window's.
        start + w + w * (1 - room / current);
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

export type Slot = { ok: true } | { ok: false; retryAfter: number };

/**
 * Takes one slot under a sliding-window limit, atomically: the event is counted first, and given back
 * when it does not fit, so however many requests race, at most `limit.max` of them hold a slot per
 * window length.
 */
export async function takeSlot(db: Db, key: string, limit: Limit, now: Date): Promise<Slot> {
  const current = await recordEvent(db, key, limit, now);
  const previousStart = new Date(windowStart(now, limit.windowMs).getTime() - limit.windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, previousStart)));
  const previous = row?.count ?? 0;
  if (current + previous * previousWindowWeight(now, limit) <= limit.max) return { ok: true };
  await adjust(db, key, limit, now, -1);
  return { ok: false, retryAfter: slidingRetryAfter(current - 1, previous, limit, now) };
}

/** Gives back a slot taken with takeSlot (the attempt turned out not to count, e.g. a right password). */
export async function giveBackSlot(db: Db, key: string, limit: Limit, now: Date): Promise<void> {
  await adjust(db, key, limit, now, -1);
}

export const LIMITS = {
  /** Password checks per account that did not sign in (sliding window). */
  signInAccount: { max: 5, windowMs: 15 * 60_000 },
  /** Password checks per client address that did not sign in (sliding window). */
  signInAddress: { max: 30, windowMs: 15 * 60_000 },
  /** Sign-ups per client address. */
  signUpAddress: { max: 10, windowMs: 60 * 60_000 },
  /** Sign-up attempts per email address. */
  signUpEmail: { max: 5, windowMs: 60 * 60_000 },
  /** Password-reset requests per client address. */
  resetAddress: { max: 10, windowMs: 60 * 60_000 },
  /** Password-reset requests per email address (each one mails a link). */
  resetEmail: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;
