/**
 * IDX trading rules that every part of Telaah shares: lots, the price grid (fraksi harga) and fees.
 * Pure functions, no I/O.
 */

/** 1 lot = 100 shares on the IDX regular market. */
export const LOT_SIZE = 100;

/** Tick size (fraksi harga) for a price in Rupiah, per the IDX grid. */
export function tickSize(price: number): number {
  if (price < 200) return 1;
  if (price < 500) return 2;
  if (price < 2_000) return 5;
  if (price < 5_000) return 10;
  return 25;
}

/** True when the price sits on the IDX grid for its band. Off-grid prices are negotiated-market trades. */
export function isOnTick(price: number): boolean {
  return Number.isInteger(price) && price > 0 && price % tickSize(price) === 0;
}

/** The nearest grid price at or below `price` (never below Rp 1). */
export function floorToTick(price: number): number {
  const p = Math.max(1, Math.floor(price));
  const t = tickSize(p);
  return Math.max(1, p - (p % t));
}

/** The nearest grid price at or above `price`. */
export function ceilToTick(price: number): number {
  const p = Math.max(1, Math.ceil(price));
  const rest = p % tickSize(p);
  // One tick up from any grid price stays on the grid (see `roundToTick`), so neither does this leave it.
  return rest === 0 ? p : p + tickSize(p) - rest;
}

/** The nearest grid price to `price`. */
export function roundToTick(price: number): number {
  const down = floorToTick(price);
  // Band boundaries (200, 500, 2.000, 5.000) are multiples of the next band's tick, so one tick up
  // from a grid price is always on the grid.
  const up = down + tickSize(down);
  return price - down < up - price ? down : up;
}

/** Fee rates in basis points (1 bp = 0,01 %). */
export interface FeeRates {
  buyBps: number;
  sellBps: number;
}

/** Default broker fees: buy 0,15 %, sell 0,25 % (the sell side includes the 0,1 % final income tax). */
export const DEFAULT_FEES: FeeRates = { buyBps: 15, sellBps: 25 };

/** Fee in whole Rupiah for a trade value, rounded half up: the one place fees are rounded. */
export function tradeFee(value: number, bps: number): number {
  return Math.round((value * bps) / 10_000);
}

/** Default withholding tax on cash dividends for individual resident investors, in percent. */
export const DEFAULT_DIVIDEND_TAX_PCT = 10;
