/**
 * The rounding rules of the portfolio engine, each in one named function. Amounts are whole Rupiah;
 * products of a per-share decimal and a share count are computed exactly before rounding.
 */
import Decimal from 'decimal.js';

/** Decimal with enough digits for per-share amounts (14,4) times any share count. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** p ÷ d rounded half up, for p ≥ 0 and d > 0 whole numbers; exact at any size. */
export function divRoundHalfUp(p: number, d: number): number {
  if (p <= Number.MAX_SAFE_INTEGER) {
    // `%` is exact on integers held as doubles, so the quotient below is exact too.
    const r = p % d;
    return (p - r) / d + (2 * r >= d ? 1 : 0);
  }
  const bp = BigInt(p);
  const bd = BigInt(d);
  const q = bp / bd;
  return Number(2n * (bp - q * bd) >= bd ? q + 1n : q);
}

/** p ÷ d rounded down, for p ≥ 0 and d > 0 whole numbers. */
function divFloor(p: number, d: number): number {
  if (p <= Number.MAX_SAFE_INTEGER) return (p - (p % d)) / d;
  return Number(BigInt(p) / BigInt(d));
}

/** shares × price in whole Rupiah, rounded half up (exact and unrounded for whole prices). */
export function tradeValue(shares: number, price: number): number {
  if (Number.isInteger(price)) return shares * price;
  return new Dec(price).times(shares).toDecimalPlaces(0).toNumber();
}

/** The cost leaving a position when `sold` of `held` shares go: cost × sold ÷ held, half up; all of it on a full sell. */
export function costOfSharesSold(cost: number, held: number, sold: number): number {
  if (sold >= held) return cost;
  const product = cost * sold;
  if (product <= Number.MAX_SAFE_INTEGER) return divRoundHalfUp(product, held);
  return Number((BigInt(cost) * BigInt(sold) * 2n + BigInt(held)) / (2n * BigInt(held)));
}

/** Shares after a split or reverse split old:new = from:to, fractions dropped (they are settled in cash). */
export function sharesAfterSplit(shares: number, from: number, to: number): number {
  return divFloor(shares * to, from);
}

/** New shares from a bonus held:new = from:to, rounded down. */
export function bonusShares(shares: number, from: number, to: number): number {
  return divFloor(shares * to, from);
}

/** Gross cash dividend: per-share amount × shares, exact, rounded half up to the Rupiah. */
export function dividendGross(perShare: Dec, shares: number): number {
  return perShare.times(shares).toDecimalPlaces(0).toNumber();
}

/** Withholding tax on a gross dividend: gross × pct ÷ 100, rounded half up to the Rupiah. */
export function dividendTax(gross: number, pct: number): number {
  return divRoundHalfUp(gross * pct, 100);
}
