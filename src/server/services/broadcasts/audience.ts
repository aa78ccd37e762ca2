/**
 * Who a broadcast goes to, decided once when it is sent: every member in the audience gets one row per
 * channel, pending when it can go out and skipped (with the reason) when the member's preferences, an
 * unverified email or a missing Telegram link rule it out.
 */
import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramGroupMembers } from '../../db/schema';
import { SKIP_REASONS, type BroadcastAudience, type DeliveryStatus } from '../../../domain/broadcasts';
import type { NoticeChannel } from '../../../domain/notifications';
import { loadRecipients, type Recipient } from '../notifications/recipients';

export interface PlannedDelivery {
  userId: string;
  channel: NoticeChannel;
  status: Extract<DeliveryStatus, 'pending' | 'skipped'>;
  address: string | null;
  reason: string | null;
}

/** Members with a seat in one of `groups` now (open rows of the bot's group register). */
async function groupMembers(db: Db, groups: BroadcastAudience['groups']): Promise<Set<string>> {
  if (!groups.length) return new Set();
  const rows = await db
    .select({ userId: telegramGroupMembers.userId })
    .from(telegramGroupMembers)
    .where(
      and(
        inArray(telegramGroupMembers.group, groups),
        isNull(telegramGroupMembers.removedAt),
        isNotNull(telegramGroupMembers.userId),
      ),
    );
  return new Set(rows.map((r) => r.userId!));
}

const optedIn = (r: Recipient) => r.prefs.announcements.email || r.prefs.announcements.telegram;

/** The audience's members as they are `now`. */
async function audienceMembers(db: Db, audience: BroadcastAudience, now: Date): Promise<Recipient[]> {
  const [recipients, seated] = await Promise.all([loadRecipients(db, now), groupMembers(db, audience.groups)]);
  return recipients.filter(
    (r) => (audience.everyone && optedIn(r)) || audience.tiers.includes(r.tier) || seated.has(r.userId),
  );
}

/** The two rows (email, Telegram) of one member. */
function planFor(r: Recipient, telegramConfigured: boolean): PlannedDelivery[] {
  const { email: wantsEmail, telegram: wantsTelegram } = r.prefs.announcements;
  const skip = (channel: NoticeChannel, reason: string, address: string | null = null): PlannedDelivery => ({
    userId: r.userId,
    channel,
    status: 'skipped',
    address,
    reason,
  });
  const tgAddress = r.telegramUserId === null ? null : String(r.telegramUserId);
  return [
    !wantsEmail
      ? skip('email', SKIP_REASONS.optedOut, r.email)
      : !r.emailVerified
        ? skip('email', SKIP_REASONS.unverified, r.email)
        : { userId: r.userId, channel: 'email', status: 'pending', address: r.email, reason: null },
    !wantsTelegram
      ? skip('telegram', SKIP_REASONS.optedOut, tgAddress)
      : tgAddress === null
        ? skip('telegram', SKIP_REASONS.notLinked)
        : !telegramConfigured
          ? skip('telegram', SKIP_REASONS.telegramOff, tgAddress)
          : { userId: r.userId, channel: 'telegram', status: 'pending', address: tgAddress, reason: null },
  ];
}

/** Every row a broadcast to `audience` would write now. */
export async function planDeliveries(
  db: Db,
  audience: BroadcastAudience,
  now: Date,
  telegramConfigured: boolean,
): Promise<PlannedDelivery[]> {
  return (await audienceMembers(db, audience, now)).flatMap((r) => planFor(r, telegramConfigured));
}
