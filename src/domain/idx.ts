/**
 * IDX trading rules that every part of Telaah shares: lots, the price grid (fraksi harga) and fees.
 * Pure functions, no I/O.
 */

/** 1 lot = 100 shares on the IDX regular market. */
export const LOT_SIZE = 100;

/** One price grid (fraksi harga): from `from` on, a price below `below` moves in steps of `tick`. */
interface TickGrid {
  from: string;
  bands: readonly { below: number; tick: number }[];
}

/**
 * IDX's price grids for shares on the regular market, newest first (sources in docs/product.md §5):
 * five bands since 2 May 2016 (Kep-00023/BEI/04-2016, still in force); three bands from 6 January 2014
 * (Kep-00071/BEI/11-2013); five coarser bands before that (in force since 2 January 2007, and used for
 * every earlier date too). Every band boundary is a multiple of the next band's tick, in each grid.
 */
const TICK_GRIDS: readonly TickGrid[] = [
  {
    from: '2016-05-02',
    bands: [
      { below: 200, tick: 1 },
      { below: 500, tick: 2 },
      { below: 2_000, tick: 5 },
      { below: 5_000, tick: 10 },
      { below: Infinity, tick: 25 },
    ],
  },
  {
    from: '2014-01-06',
    bands: [
      { below: 500, tick: 1 },
      { below: 5_000, tick: 5 },
      { below: Infinity, tick: 25 },
    ],
  },
  {
    from: '0000-01-01',
    bands: [
      { below: 200, tick: 1 },
      { below: 500, tick: 5 },
      { below: 2_000, tick: 10 },
      { below: 5_000, tick: 25 },
      { below: Infinity, tick: 50 },
    ],
  },
];

/** The grid in force on `date` (`YYYY-MM-DD`); today's grid when no date is given. */
function gridOn(date?: string): TickGrid {
  return (date && TICK_GRIDS.find((g) => g.from <= date)) || TICK_GRIDS[0]!;
}

/** Tick size (fraksi harga) for a price in Rupiah, per the IDX grid in force on `date` (default: today's). */
export function tickSize(price: number, date?: string): number {
  return gridOn(date).bands.find((b) => price < b.below)!.tick;
}

/**
 * True when the price sits on the IDX grid of its day (`date`; default today's grid). Off-grid prices
 * are negotiated-market trades.
 */
export function isOnTick(price: number, date?: string): boolean {
  return Number.isInteger(price) && price > 0 && price % tickSize(price, date) === 0;
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

/**
 * Stock codes as IDX writes them: four capital letters; a fifth for preferred shares (MAMIP, MYRXP);
 * and the suffixed codes under which rights (HMETD, e.g. BBTN-R) and warrants (e.g. ABCD-W) trade.
 * This is the one rule for a code anywhere in Telaah (storage, imports, URLs, search, transactions).
 */
export const STOCK_CODE_PATTERN = '[A-Z]{4}[A-Z]?(?:-R|-W[0-9]?)?';
const STOCK_CODE = new RegExp(`^${STOCK_CODE_PATTERN}$`);
/** Room in a stored code column: the longest code above is 7 characters. */
export const STOCK_CODE_MAX_LENGTH = 12;
/** The rule in words, for messages that refuse a code. */
export const STOCK_CODE_RULE = '4 huruf (5 untuk saham preferen, mis. MAMIP; akhiran -R untuk HMETD, -W untuk waran)';

/** Whether `code` (exactly as given, already upper-case) is a stock code. */
export function isStockCode(code: string): boolean {
  return STOCK_CODE.test(code);
}

/** The code typed or sent as `raw`, trimmed and upper-cased, when it is a stock code. */
export function parseStockCode(raw: string): string | undefined {
  const code = raw.trim().toUpperCase();
  return isStockCode(code) ? code : undefined;
}

/** One stock's day as IDX's trading summary gives it; 0 stands for "none" in every price field. */
export interface SummaryPrices {
  open: number;
  firstTrade: number;
  previous: number;
  high: number;
  low: number;
  close: number;
}

/**
 * The opening price of a traded day from IDX's summary. IDX leaves `OpenPrice` at 0 on most rows (and
 * often `FirstTrade` too), so: the open when IDX gives one inside the day's range, else the first
 * trade, else the previous close held inside Low..High (where the day started as far as the summary
 * tells), else the close. The result always lies inside Low..High.
 */
export function summaryOpen(p: SummaryPrices): number {
  const inside = (x: number) => x > 0 && x >= p.low && x <= p.high;
  if (inside(p.open)) return p.open;
  if (inside(p.firstTrade)) return p.firstTrade;
  if (p.previous > 0) return Math.min(Math.max(p.previous, p.low), p.high);
  return p.close;
}
