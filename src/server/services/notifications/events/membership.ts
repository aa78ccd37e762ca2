/**
 * Membership ending: a notice 7 days and another 1 day before paid access ends (WIB calendar days).
 * The subject includes the end instant, so a renewal that moves the end starts the count afresh.
 */
import { gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { memberships } from '../../../db/schema';
import { paidAccessEnd, type AccessEnd, type PaidPeriod } from '../../../../domain/membership-coverage';
import { toDayNumber, wibDate } from '../../../../domain/dates';
import { formatDateTime } from '../../../../lib/format';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';
import { TIER_LABEL } from '../../../../lib/labels';

/** Paid access ends of every member whose access covers `now`. */
export async function accessEnds(db: Db, now: Date): Promise<Map<string, AccessEnd>> {
  const rows = await db
    .select({
      userId: memberships.userId,
      tier: memberships.tier,
      startsAt: memberships.startsAt,
      endsAt: memberships.endsAt,
    })
    .from(memberships)
    .where(gt(memberships.endsAt, now));
  const byUser = new Map<string, PaidPeriod[]>();
  for (const { userId, ...period } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), period]);
  const ends = new Map<string, AccessEnd>();
  for (const [userId, periods] of byUser) {
    const end = paidAccessEnd(periods, now);
    if (end) ends.set(userId, end);
  }
  return ends;
}

/** '7d' within 7 calendar days of the end, '1d' within 1 (today or tomorrow); null before. */
function endingStage(end: Date, now: Date): { stage: '7d' | '1d'; daysLeft: number } | null {
  const daysLeft = toDayNumber(wibDate(end)) - toDayNumber(wibDate(now));
  if (daysLeft <= 1) return { stage: '1d', daysLeft };
  if (daysLeft <= 7) return { stage: '7d', daysLeft };
  return null;
}

export function membershipDrafts(
  ends: Map<string, AccessEnd>,
  recipients: Recipient[],
  opts: { now: Date; appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const r of recipients) {
    const end = ends.get(r.userId);
    const stage = end && endingStage(end.endsAt, opts.now);
    if (!end || !stage) continue;
    const channels = channelsFor(r, 'membership-ending', opts.telegram);
    if (!channels.length) continue;
    const label = TIER_LABEL[end.tier];
    const inDays = stage.daysLeft === 0 ? 'hari ini' : stage.daysLeft === 1 ? 'besok' : `${stage.daysLeft} hari lagi`;
    drafts.push({
      recipient: r,
      event: 'membership-ending',
      subject: `${end.endsAt.toISOString()}:${stage.stage}`,
      channels,
      content: {
        title: `Keanggotaan ${label} Anda berakhir ${inDays}`,
        lines: [
          `Masa aktif paket ${label} Anda berakhir pada ${formatDateTime(end.endsAt)}.`,
          `Setelah itu akun Anda kembali ke paket Gratis: analisis dan kursus ${label} terkunci dan Anda dikeluarkan dari grup Telegram anggota. Portofolio dan data Anda tetap tersimpan.`,
          'Perpanjang sebelum berakhir agar akses Anda tidak terputus; masa aktif baru dihitung dari tanggal berakhir yang sekarang.',
        ],
        cta: { label: 'Perpanjang keanggotaan', url: `${opts.appUrl}/settings/membership` },
      },
    });
  }
  return drafts;
}
