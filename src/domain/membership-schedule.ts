/**
 * Membership periods bought with one-off passes: where each paid pass sits on the calendar.
 *
 * The paid passes of a member are a projection of their settled payments, replayed in the order they
 * were paid. A refund therefore means "as if that payment had never been made": replay without it.
 * Granted periods (demo, admin) are fixed calendar periods: they are never moved and never credited.
 *
 * Rules for a pass of tier T bought at instant t:
 * - Renewal / queue: when a period of tier ≥ T covers t, the pass starts where the unbroken run of such
 *   periods ends ("extends from the current end date"); paid passes of a lower tier queued after that
 *   point move back by the new pass's length, so no paid day is hidden under a higher tier.
 * - Upgrade: when no period of tier ≥ T covers t but paid passes of a lower tier are running or queued,
 *   the new pass starts at t; the unused part of those passes ends at t and is credited as days of T:
 *   creditDays = floor(unused days × 1-month price of the old tier ÷ 1-month price of T).
 * - Otherwise the pass starts at t. A pass lasts `months` calendar months in WIB (plus credit days).
 */
import { addMonthsWib, DAY_MS } from './dates';
import { oneMonthPrice, type PaidTier, type PeriodMonths } from './plans';

const RANK: Record<PaidTier, number> = { reguler: 1, premium: 2 };

/** A period granted without payment (demo data, support): fixed on the calendar. */
export interface GrantedPeriod {
  tier: PaidTier;
  startsAt: Date;
  endsAt: Date;
}

/** A settled payment for a pass. */
export interface Purchase {
  id: string;
  tier: PaidTier;
  months: PeriodMonths;
  paidAt: Date;
}

/** Where a purchase's pass sits. A pass converted by a later upgrade ends where the upgrade began. */
export interface Pass {
  purchaseId: string;
  tier: PaidTier;
  startsAt: Date;
  endsAt: Date;
  /** Days of this tier credited from lower-tier passes converted by this (upgrade) purchase. */
  creditDays: number;
  /** Starts at payment; starts where the member's current run of this tier (or higher) ends; upgrade. */
  kind: 'starts-now' | 'extends' | 'upgrade';
}

/**
 * Whole days of tier `to` credited for unused time of lower-tier passes (rounded down once, over the
 * total): floor(Σ unused days × 1-month price of their tier ÷ 1-month price of `to`).
 */
export function upgradeCreditDays(to: PaidTier, unused: readonly { tier: PaidTier; ms: number }[]): number {
  const value = unused.reduce((sum, u) => sum + (Math.max(0, u.ms) / DAY_MS) * oneMonthPrice(u.tier), 0);
  // Rounding guard: 1/3 day × price ratios must not lose a whole day to floating point.
  return Math.floor(value / oneMonthPrice(to) + 1e-9);
}

export type Period = { tier: PaidTier; startsAt: Date; endsAt: Date };

/** End of the unbroken run of periods of tier ≥ `tier` covering `at`, or null when none covers it. */
export function coverageEnd(periods: readonly Period[], tier: PaidTier, at: Date): Date | null {
  let end: number | null = null;
  let cursor = at.getTime();
  for (;;) {
    const covering = periods.filter(
      (p) => RANK[p.tier] >= RANK[tier] && p.startsAt.getTime() <= cursor && p.endsAt.getTime() > cursor,
    );
    if (covering.length === 0) return end === null ? null : new Date(end);
    end = Math.max(...covering.map((p) => p.endsAt.getTime()));
    cursor = end;
  }
}

function byPaidOrder(a: Purchase, b: Purchase): number {
  return a.paidAt.getTime() - b.paidAt.getTime();
}

/**
 * The pass of every purchase, replayed in payment order (a stable sort keeps the caller's order for
 * payments settled at the same instant). Pure: the same inputs always give the same passes.
 */
export function schedulePasses(purchases: readonly Purchase[], granted: readonly GrantedPeriod[]): Pass[] {
  const passes: Pass[] = [];
  for (const p of [...purchases].sort(byPaidOrder)) {
    const t = p.paidAt;
    const end = coverageEnd([...granted, ...passes], p.tier, t);
    const lower = passes.filter((x) => RANK[x.tier] < RANK[p.tier] && x.endsAt > t);
    if (end === null && lower.length > 0) {
      passes.push(upgrade(p, lower));
      continue;
    }
    const startsAt = end ?? t;
    const endsAt = addMonthsWib(startsAt, p.months);
    pushBack(lower, startsAt, endsAt.getTime() - startsAt.getTime());
    passes.push({
      purchaseId: p.id,
      tier: p.tier,
      startsAt,
      endsAt,
      creditDays: 0,
      kind: end ? 'extends' : 'starts-now',
    });
  }
  return passes;
}

/** Ends the lower passes at the upgrade instant and credits their unused days to the new pass. */
function upgrade(p: Purchase, lower: Pass[]): Pass {
  const t = p.paidAt.getTime();
  const unused = lower.map((x) => ({ tier: x.tier, ms: x.endsAt.getTime() - Math.max(x.startsAt.getTime(), t) }));
  const creditDays = upgradeCreditDays(p.tier, unused);
  for (const x of lower) x.endsAt = new Date(Math.max(x.startsAt.getTime(), t));
  const endsAt = new Date(addMonthsWib(p.paidAt, p.months).getTime() + creditDays * DAY_MS);
  return { purchaseId: p.id, tier: p.tier, startsAt: p.paidAt, endsAt, creditDays, kind: 'upgrade' };
}

/** Moves the part after `at` of lower-tier passes back by `ms`, behind a pass inserted at `at`. */
function pushBack(lower: Pass[], at: Date, ms: number): void {
  for (const x of lower) {
    if (x.endsAt <= at) continue;
    if (x.startsAt >= at) x.startsAt = new Date(x.startsAt.getTime() + ms);
    x.endsAt = new Date(x.endsAt.getTime() + ms);
  }
}
