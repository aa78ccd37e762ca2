/**
 * When paid access really ends: periods that follow each other without a gap (a renewal starts where
 * the current period ends) count as one, so "your membership ends" is about the day access stops.
 */
import { tierAtLeast } from './tiers';

export interface PaidPeriod {
  tier: 'reguler' | 'premium';
  startsAt: Date;
  endsAt: Date;
}

export interface AccessEnd {
  endsAt: Date;
  /** The tier held in the last moment before the end. */
  tier: 'reguler' | 'premium';
}

/** The end of the paid access that covers `now` without a gap; null when no paid period covers now. */
export function paidAccessEnd(periods: readonly PaidPeriod[], now: Date): AccessEnd | null {
  const ahead = periods.filter((p) => p.endsAt > now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  let end: Date | null = null;
  for (const p of ahead) {
    if (p.startsAt > (end ?? now)) break;
    if (!end || p.endsAt > end) end = p.endsAt;
  }
  if (!end) return null;
  const last = ahead.filter((p) => p.startsAt < end && p.endsAt >= end);
  const tier = last.some((p) => tierAtLeast(p.tier, 'premium')) ? 'premium' : 'reguler';
  return { endsAt: end, tier };
}
