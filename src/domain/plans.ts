/**
 * Paid plans: the one place where tiers, periods and prices are set (docs/product.md §8 "plans and prices live in
 * one config file"). Payments buy one-off passes ("aktif sampai {tanggal}"), not subscriptions.
 */
import { TIERS, type Tier } from './tiers';

export type PaidTier = Exclude<Tier, 'gratis'>;
export const PAID_TIERS: readonly PaidTier[] = TIERS.filter((t): t is PaidTier => t !== 'gratis');

/** True for a tier that is sold (`?paket=` of a link, a form's value). */
export function isPaidTier(s: string | null | undefined): s is PaidTier {
  return (PAID_TIERS as readonly (string | null | undefined)[]).includes(s);
}
export const PERIODS = [1, 3, 12] as const;
export type PeriodMonths = (typeof PERIODS)[number];

export interface Plan {
  id: string;
  tier: PaidTier;
  months: PeriodMonths;
  /** Whole Rupiah. */
  price: number;
}

const PRICES: Record<PaidTier, Record<PeriodMonths, number>> = {
  reguler: { 1: 149_000, 3: 399_000, 12: 1_399_000 },
  premium: { 1: 299_000, 3: 799_000, 12: 2_799_000 },
};

export const PLANS: readonly Plan[] = (Object.keys(PRICES) as PaidTier[]).flatMap((tier) =>
  PERIODS.map((months) => ({ id: `${tier}-${months}`, tier, months, price: PRICES[tier][months] })),
);

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** The 1-month price of a tier: the daily value used to convert days between tiers on an upgrade. */
export function oneMonthPrice(tier: PaidTier): number {
  return PRICES[tier][1];
}

/**
 * The price a tier is advertised "from": the cheapest plan a member can actually buy, the one-month
 * plan (longer plans cost less per month but are paid up front). Landing and plan pages both show it.
 */
export function fromPrice(tier: PaidTier): number {
  return Math.min(...PLANS.filter((p) => p.tier === tier).map((p) => p.price));
}

/** Saving of a plan against paying the 1-month price every month, as a ratio (0.1 = 10 %). */
export function planSaving(plan: Plan): number {
  const monthly = PRICES[plan.tier][1] * plan.months;
  return (monthly - plan.price) / monthly;
}
