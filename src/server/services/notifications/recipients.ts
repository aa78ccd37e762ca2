/**
 * Everyone a notice may go to, with what the jobs need to decide: address, Telegram account, tier
 * today and preferences, loaded in a few queries for all members at once.
 */
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, telegramLinks, users } from '../../db/schema';
import { tierAtLeast, type Tier } from '../../../domain/tiers';
import type { NoticeChannel, NoticeEvent, NoticePrefs } from '../../../domain/notifications';
import { loadPrefsOf } from './prefs';

export interface Recipient {
  userId: string;
  name: string;
  email: string;
  /** Only verified addresses get email. */
  emailVerified: boolean;
  telegramUserId: number | null;
  tier: Tier;
  prefs: NoticePrefs;
}

/**
 * Every member as a recipient, or only the members of `ids` (callers pass them in chunks of at most a
 * thousand: the query names each).
 */
export async function loadRecipients(db: Db, now: Date, ids?: readonly string[]): Promise<Recipient[]> {
  const [rows, covering] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
        telegramUserId: telegramLinks.telegramUserId,
      })
      .from(users)
      .leftJoin(telegramLinks, eq(telegramLinks.userId, users.id))
      .where(ids ? inArray(users.id, [...ids]) : undefined),
    db
      .select({ userId: memberships.userId, tier: memberships.tier })
      .from(memberships)
      .where(
        and(
          ids ? inArray(memberships.userId, [...ids]) : undefined,
          lte(memberships.startsAt, now),
          gt(memberships.endsAt, now),
        ),
      ),
  ]);
  const tiers = new Map<string, Tier>();
  for (const m of covering) if (!tierAtLeast(tiers.get(m.userId) ?? 'gratis', m.tier)) tiers.set(m.userId, m.tier);
  const prefs = await loadPrefsOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    emailVerified: r.verifiedAt !== null,
    telegramUserId: r.telegramUserId ?? null,
    tier: tiers.get(r.userId) ?? 'gratis',
    prefs: prefs.get(r.userId)!,
  }));
}

/** The channels this member wants `event` on and can be reached through. */
export function channelsFor(r: Recipient, event: NoticeEvent, telegramAvailable: boolean): NoticeChannel[] {
  const out: NoticeChannel[] = [];
  if (r.prefs[event].email && r.emailVerified) out.push('email');
  if (r.prefs[event].telegram && telegramAvailable && r.telegramUserId !== null) out.push('telegram');
  return out;
}
