/**
 * The rules behind the admin overview (docs/product.md §6): month boundaries in WIB, and how a paid
 * payment counts — the member's first paid payment is "new", a payment after one of a lower tier is
 * "upgraded", any other is "renewed". Each member counts once per kind per month. A gift payment (decision
 * 0041) is no movement of its buyer and no previous payment of theirs: the SQL leaves it out before classifying.
 */
import { TZDate } from '@date-fns/tz';
// One function module each: the package's index loads all of date-fns (seconds per test file and CLI start).
import { addMonths } from 'date-fns/addMonths';
import { startOfMonth } from 'date-fns/startOfMonth';

const WIB = 'Asia/Jakarta';

export interface MonthSpan {
  /** `YYYY-MM` in WIB. */
  key: string;
  start: Date;
  end: Date;
}

/** The WIB calendar month containing `at`, shifted by `offset` months. */
export function wibMonth(at: Date, offset = 0): MonthSpan {
  const start = addMonths(startOfMonth(new TZDate(at, WIB)), offset);
  const end = addMonths(start, 1);
  const key = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}`;
  return { key, start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** The last `count` WIB months up to and including the one containing `at`, oldest first. */
export function lastMonths(at: Date, count: number): MonthSpan[] {
  return Array.from({ length: count }, (_, i) => wibMonth(at, i - count + 1));
}

export type PaymentKind = 'new' | 'renewed' | 'upgraded';

const RANK: Record<string, number> = { reguler: 1, premium: 2 };

/** How a paid payment counts, given the tier of the member's previous paid payment (null: none). */
export function paymentKind(tier: string, previousTier: string | null): PaymentKind {
  if (previousTier === null) return 'new';
  return (RANK[tier] ?? 0) > (RANK[previousTier] ?? 0) ? 'upgraded' : 'renewed';
}

export interface MovementCounts {
  new: number;
  renewed: number;
  upgraded: number;
}

/** Distinct members per kind among a month's paid payments. */
export function countMovements(
  rows: readonly { userId: string | null; tier: string; previousTier: string | null }[],
): MovementCounts {
  const sets: Record<PaymentKind, Set<string>> = { new: new Set(), renewed: new Set(), upgraded: new Set() };
  for (const r of rows) if (r.userId) sets[paymentKind(r.tier, r.previousTier)].add(r.userId);
  return { new: sets.new.size, renewed: sets.renewed.size, upgraded: sets.upgraded.size };
}
