/**
 * Fixed-window rate limits kept in the database, so they hold across app servers and restarts.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** Allowed events per window. */
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Events counted so far in the current window for `key`. */
export async function countInWindow(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, limit.windowMs))));
  return rows[0]?.count ?? 0;
}

/** Seconds until the current window ends (for Retry-After). */
export function retryAfterSeconds(limit: Limit, now: Date): number {
  return Math.max(1, Math.ceil((windowStart(now, limit.windowMs).getTime() + limit.windowMs - now.getTime()) / 1000));
}

/** Records one event atomically and returns the new count for the window. */
export async function recordEvent(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const start = windowStart(now, limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  // Old windows are dead weight; dropping them here keeps the table small without a job.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(start.getTime() - 86_400_000)));
  return row?.count ?? 1;
}

export const LIMITS = {
  /** Failed sign-ins per account. */
  signInAccount: { max: 5, windowMs: 15 * 60_000 },
  /** Failed sign-ins per client address. */
  signInAddress: { max: 30, windowMs: 15 * 60_000 },
  /** Sign-ups per client address. */
  signUpAddress: { max: 10, windowMs: 60 * 60_000 },
  /** Sign-up attempts per email address. */
  signUpEmail: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;
