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
import { marketFigures, type MarketFigures } from './figures';
import { CONSTITUENT_INDEXES } from '../../../domain/indexes';

const SORTS = ['ticker', ...RANGE_PARAMS.map((r) => r.param)] as const;
const BILLION = 1_000_000_000;

const number = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : Number(s.replace(',', '.'))))
  .pipe(z.number().finite().optional())
  .catch(undefined);
const text = z.string().trim().max(80).catch('');

/**
 * Reads the query; a value that is not a number is ignored rather than refused (a shared URL still opens).
 * `canonical` is the query as read, written back in a fixed order with only what was understood (what a
 * saved screen stores): parsing it again gives the same query and the same string.
 */
export function parseScreenQuery(params: URLSearchParams): {
  query: ScreenQuery;
  values: Record<string, string>;
  canonical: string;
} {
  const get = (k: string) => params.get(k) ?? '';
  const ranges: ScreenQuery['ranges'] = {};
  const numbers: [string, string][] = [];
  for (const r of RANGE_PARAMS) {
    const scale = r.percent ? 0.01 : r.field === 'marketCap' ? BILLION : 1;
    const min = number.parse(get(`${r.param}_min`));
    const max = number.parse(get(`${r.param}_max`));
    if (min !== undefined) numbers.push([`${r.param}_min`, String(min)]);
    if (max !== undefined) numbers.push([`${r.param}_max`, String(max)]);
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
  const canonical = new URLSearchParams([
    ...(query.sector ? [['sektor', query.sector]] : []),
    ...(query.subSector ? [['subsektor', query.subSector]] : []),
    ...(query.board ? [['papan', query.board]] : []),
    ...(query.rating ? [['rating', query.rating]] : []),
    ...(query.index ? [['indeks', query.index]] : []),
    ...numbers,
    ...(sortParam !== 'ticker' ? [['urut', sortParam]] : []),
    ...(query.dir === 'desc' ? [['arah', 'turun']] : []),
  ]).toString();
  return { query, values: Object.fromEntries(params), canonical };
}

/** Whether the query's result depends on the viewer's tier (the upside of a gated call is unknown below it). */
export function dependsOnTier(query: ScreenQuery): boolean {
  const r = query.ranges.upside;
  return r !== undefined && (r.min !== undefined || r.max !== undefined);
}

/** The screener's rows: the market's figures with each code's call as `viewerTier` may read it. */
export function screenRows(
  figures: readonly MarketFigures[],
  calls: ReadonlyMap<string, LatestCall>,
  viewerTier: Tier | null,
): ScreenRow[] {
  return figures.map((f) => {
    const call = calls.get(f.ticker);
    // The upside of a call the viewer may not read is unknown to them: it neither passes a filter nor sorts.
    const readable = call ? canReadAnalysis(viewerTier, call.tier) : false;
    const upside = readable && call?.targetPrice && f.close ? call.targetPrice / f.close - 1 : null;
    return { ...f, rating: call?.rating ?? null, upside };
  });
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
  const rows = screenRows(figures, calls, viewerTier);
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
