/**
 * The screener's rules (docs/product.md §11): which rows pass a query and in what order. Pure, no I/O; the
 * figures come from `services/screener`. A figure that is unknown (no fundamentals, no call, a call the
 * viewer may not read) never passes a filter on it and sorts last in both directions.
 */
import type { Rating } from './analyses';

/** An emiten's figures from market data (computed by `services/screener`): what rows are screened on. */
export interface ScreenFigures {
  ticker: string;
  name: string;
  sector: string;
  subSector: string;
  board: string;
  close: number | null;
  marketCap: number | null;
  per: number | null;
  pbv: number | null;
  roe: number | null;
  dividendYield: number | null;
  ret1m: number | null;
  ret1y: number | null;
  ret3y: number | null;
  /** close / highest high of 52 weeks − 1 (≤ 0). */
  fromHigh: number | null;
}

export interface ScreenRow extends ScreenFigures {
  rating: Rating | null;
  upside: number | null;
  /** Indexes the code belongs to on the screening day (LQ45, IDX30, JII). */
  indexes: readonly string[];
}

export type NumericField = Exclude<
  keyof ScreenRow,
  'ticker' | 'name' | 'sector' | 'subSector' | 'board' | 'rating' | 'indexes'
>;

/** URL parameter → figure; percentages in the URL are in percent, figures are ratios. */
export const RANGE_PARAMS: { param: string; field: NumericField; percent: boolean; label: string }[] = [
  { param: 'kap', field: 'marketCap', percent: false, label: 'Kapitalisasi pasar (Rp miliar)' },
  { param: 'per', field: 'per', percent: false, label: 'PER (x)' },
  { param: 'pbv', field: 'pbv', percent: false, label: 'PBV (x)' },
  { param: 'roe', field: 'roe', percent: true, label: 'ROE (%)' },
  { param: 'dy', field: 'dividendYield', percent: true, label: 'Dividend yield (%)' },
  { param: 'r1b', field: 'ret1m', percent: true, label: 'Return 1B (%)' },
  { param: 'r1t', field: 'ret1y', percent: true, label: 'Return 1T (%)' },
  { param: 'r3t', field: 'ret3y', percent: true, label: 'Return 3T (%)' },
  { param: 'dari52', field: 'fromHigh', percent: true, label: 'Jarak dari tertinggi 52 minggu (%)' },
  { param: 'upside', field: 'upside', percent: true, label: 'Upside target (%)' },
];
export interface Range {
  min?: number;
  max?: number;
}

export interface ScreenQuery {
  sector?: string;
  subSector?: string;
  board?: string;
  rating?: Rating;
  /** Member of this index on the screening day. */
  index?: string;
  ranges: Partial<Record<NumericField, Range>>;
  sort: NumericField | 'ticker';
  dir: 'asc' | 'desc';
}

export function passes(row: ScreenRow, q: ScreenQuery): boolean {
  if (q.sector && row.sector !== q.sector) return false;
  if (q.subSector && row.subSector !== q.subSector) return false;
  if (q.board && row.board !== q.board) return false;
  if (q.rating && row.rating !== q.rating) return false;
  if (q.index && !row.indexes.includes(q.index)) return false;
  for (const [field, range] of Object.entries(q.ranges) as [NumericField, Range][]) {
    if (range.min === undefined && range.max === undefined) continue;
    const v = row[field];
    if (v === null) return false;
    if (range.min !== undefined && v < range.min) return false;
    if (range.max !== undefined && v > range.max) return false;
  }
  return true;
}

export function screen(rows: readonly ScreenRow[], q: ScreenQuery): ScreenRow[] {
  const sign = q.dir === 'asc' ? 1 : -1;
  return rows
    .filter((r) => passes(r, q))
    .sort((a, b) => {
      if (q.sort === 'ticker') return sign * a.ticker.localeCompare(b.ticker);
      const va = a[q.sort];
      const vb = b[q.sort];
      if (va === null || vb === null) return va === vb ? a.ticker.localeCompare(b.ticker) : va === null ? 1 : -1;
      return va === vb ? a.ticker.localeCompare(b.ticker) : sign * (va - vb);
    });
}
