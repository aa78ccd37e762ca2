/**
 * Paid plans: the one place where tiers, periods and prices are set (docs/product.md §8 "plans and prices live in
 * one config file"). Payments buy one-off passes ("aktif sampai {tanggal}"), not subscriptions.
 */
import { type Tier } from './tiers';

export type PaidTier = Exclude<Tier, 'gratis'>;
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

/** What each tier grants, in the words members see (the access matrix of docs/product.md §1). */
export const TIER_BENEFITS: Record<Tier, readonly string[]> = {
  gratis: [
    'Analisis gratis dan teaser seluruh analisis',
    'Pelajaran gratis dan kursus Dasar-dasar',
    'Pelacak portofolio lengkap: transaksi, dividen, kinerja',
  ],
  reguler: [
    'Semua manfaat Gratis',
    'Analisis emiten bertanda Reguler',
    'Semua kursus Reguler',
    'Rekomendasi sesuai profil risiko Anda',
    'Grup Telegram Reguler',
  ],
  premium: [
    'Semua manfaat Reguler',
    'Analisis Premium dan seluruh analisis non-emiten (makro, obligasi, emas, IPO)',
    'Semua kursus, termasuk Valuasi',
    'Grup Telegram Premium',
  ],
};
