/**
 * `/analisis/saring` (docs/product.md §11): the market's figures with each code's latest call, as the
 * viewer may see it, filtered and sorted by the query in the URL.
 */
import { z } from 'zod';
import type { Db } from '../../db/client';
import { canReadAnalysis } from '../../../domain/analysis-access';
import type { Tier } from '../../../domain/tiers';
import { RANGE_PARAMS, screen, type ScreenQuery, type ScreenRow } from '../../../domain/screener';
import type { LatestCall } from '../../content/latest-calls';
import { marketFigures } from './figures';
import { CONSTITUENT_INDEXES } from '../../../domain/indexes';

export { marketFigures } from './figures';
export { RANGE_PARAMS } from '../../../domain/screener';

export const SORTS = ['ticker', ...RANGE_PARAMS.map((r) => r.param)] as const;
const BILLION = 1_000_000_000;

const number = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : Number(s.replace(',', '.'))))
  .pipe(z.number().finite().optional())
  .catch(undefined);
const text = z.string().trim().max(80).catch('');

/** Reads the query; a value that is not a number is ignored rather than refused (a shared URL still opens). */
export function parseScreenQuery(params: URLSearchParams): { query: ScreenQuery; values: Record<string, string> } {
  const get = (k: string) => params.get(k) ?? '';
  const ranges: ScreenQuery['ranges'] = {};
  for (const r of RANGE_PARAMS) {
    const scale = r.percent ? 0.01 : r.field === 'marketCap' ? BILLION : 1;
    const min = number.parse(get(`${r.param}_min`));
    const max = number.parse(get(`${r.param}_max`));
    if (min !== undefined || max !== undefined) {
      ranges[r.field] = {
        min: min === undefined ? undefined : min * scale,
        max: max === undefined ? undefined : max * scale,
      };
    }
  }
  const sortParam = z.enum(SORTS).catch('ticker').parse(get('urut'));
  const sort = sortParam === 'ticker' ? 'ticker' : RANGE_PARAMS.find((r) => r.param === sortParam)!.field;
  const rating = z
    .enum(['beli', 'tahan', 'jual'])
    .optional()
    .catch(undefined)
    .parse(get('rating') || undefined);
  const query: ScreenQuery = {
    sector: text.parse(get('sektor')) || undefined,
    subSector: text.parse(get('subsektor')) || undefined,
    board: text.parse(get('papan')) || undefined,
    rating,
    index: z
      .enum(CONSTITUENT_INDEXES)
      .optional()
      .catch(undefined)
      .parse(get('indeks').toUpperCase() || undefined),
    ranges,
    sort,
    dir: get('arah') === 'turun' ? 'desc' : 'asc',
  };
  return { query, values: Object.fromEntries(params) };
}

export interface ScreenerResult {
  rows: ScreenRow[];
  total: number;
  asOf: string | null;
  period: string | null;
  sectors: string[];
  subSectors: string[];
  boards: string[];
}

export async function runScreener(
  db: Db,
  query: ScreenQuery,
  calls: ReadonlyMap<string, LatestCall>,
  viewerTier: Tier | null,
): Promise<ScreenerResult> {
  const figures = await marketFigures(db);
  const rows: ScreenRow[] = figures.map((f) => {
    const call = calls.get(f.ticker);
    // The upside of a call the viewer may not read is unknown to them: it neither passes a filter nor sorts.
    const readable = call ? canReadAnalysis(viewerTier, call.tier) : false;
    const upside = readable && call?.targetPrice && f.close ? call.targetPrice / f.close - 1 : null;
    return { ...f, rating: call?.rating ?? null, upside };
  });
  const uniq = (k: 'sector' | 'subSector' | 'board') => [...new Set(figures.map((f) => f[k]))].sort();
  const asOf = figures.reduce<string | null>((m, f) => (f.asOf && (!m || f.asOf > m) ? f.asOf : m), null);
  const period = figures.reduce<string | null>((m, f) => (f.period && (!m || f.period > m) ? f.period : m), null);
  return {
    rows: screen(rows, query),
    total: figures.length,
    asOf,
    period,
    sectors: uniq('sector'),
    subSectors: uniq('subSector'),
    boards: uniq('board'),
  };
}
