/**
 * The /analisis list: both kinds of analyses as uniform rows, filtered and sorted by the page's query.
 */
import { z } from 'zod';
import { canReadAnalysis, canSeeCall } from '../../../domain/analysis-access';
import { TIERS, type Tier } from '../../../domain/tiers';
import { restate } from '../../../domain/valuation';
import type { Db } from '../../db/client';
import {
  emitenAnalyses,
  emitenAnalysisHref,
  nonEmitenAnalyses,
  nonEmitenAnalysisHref,
  upside,
} from '../../content/analyses';
import { lastCloses } from './market';
import { shareChangesByTicker } from './emiten-figures';
import { emitenDirectory, isDelisted } from './emiten-directory';
import { utcDay } from '../../../domain/dates';
import { ANALYSIS_KINDS, ANALYSIS_SORTS, RATINGS, type AnalysisKind, type Rating } from '../../../domain/analyses';

const listQuerySchema = z.object({
  q: z.string().trim().max(60).catch(''),
  sektor: z.string().trim().max(60).catch(''),
  rating: z.enum(['', ...RATINGS]).catch(''),
  paket: z.enum(['', ...TIERS]).catch(''),
  jenis: z.enum(['', ...ANALYSIS_KINDS]).catch(''),
  urut: z.enum(ANALYSIS_SORTS).catch('tanggal'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface AnalysisRow {
  kind: AnalysisKind;
  href: string;
  ticker: string | null;
  companyName: string | null;
  sector: string | null;
  category: string | null;
  title: string;
  date: Date;
  rating: Rating | null;
  targetPrice: number | null;
  lastClose: number | null;
  upside: number | null;
  tier: Tier;
  locked: boolean;
  /** A newer analysis of the same emiten exists: this call is history, not the current one. */
  superseded: boolean;
}

/** Parses the query string leniently: unknown values fall back to "no filter". */
export function parseListQuery(params: URLSearchParams): ListQuery {
  return listQuerySchema.parse(Object.fromEntries(params));
}

/**
 * All analyses visible in the list for a viewer of `viewerTier`, filtered and sorted. Analyses of a company
 * delisted by today are left out: they stay on the company's own page, which says it left the exchange.
 */
export async function listAnalyses(db: Db, query: ListQuery, viewerTier: Tier | null): Promise<AnalysisRow[]> {
  const [emitens, others, closes, changes, directory] = await Promise.all([
    emitenAnalyses(),
    nonEmitenAnalyses(),
    lastCloses(db),
    shareChangesByTicker(db),
    emitenDirectory(db),
  ]);
  const canRead = (t: Tier) => canReadAnalysis(viewerTier, t);
  // A target set before a split is compared with today's close in today's share count.
  const currentTarget = (ticker: string, target: number | undefined, date: Date, closeDate: string | undefined) =>
    target === undefined || !closeDate ? target : restate(target, changes.get(ticker) ?? [], utcDay(date), closeDate);
  const newest = new Map<string, number>();
  for (const a of emitens) newest.set(a.data.emiten, Math.max(newest.get(a.data.emiten) ?? 0, a.data.date.getTime()));
  const listed = emitens.filter((a) => {
    const e = directory.byTicker.get(a.data.emiten);
    return !e || !isDelisted(e, directory.day);
  });
  const rows: AnalysisRow[] = [
    ...listed.map((a): AnalysisRow => {
      const u = directory.byTicker.get(a.data.emiten);
      const last = closes.get(a.data.emiten);
      const close = last?.close ?? null;
      // The call's figures only for those who may see them (docs/product.md §10.6).
      const call = canSeeCall(viewerTier, a.data.tier);
      const target = call ? a.data.targetPrice : undefined;
      return {
        kind: 'emiten',
        href: emitenAnalysisHref(a),
        ticker: a.data.emiten,
        companyName: u?.n ?? null,
        sector: u?.s ?? null,
        category: null,
        title: a.data.title,
        date: a.data.date,
        rating: a.data.rating,
        targetPrice: target ?? null,
        lastClose: close,
        upside: upside(currentTarget(a.data.emiten, target, a.data.date, last?.date), close ?? undefined),
        tier: a.data.tier,
        locked: !canRead(a.data.tier),
        superseded: a.data.date.getTime() < newest.get(a.data.emiten)!,
      };
    }),
    ...others.map((a): AnalysisRow => ({
      kind: 'non-emiten',
      href: nonEmitenAnalysisHref(a),
      ticker: null,
      companyName: null,
      sector: null,
      category: a.data.category,
      title: a.data.title,
      date: a.data.date,
      rating: null,
      targetPrice: null,
      lastClose: null,
      upside: null,
      tier: a.data.tier,
      locked: !canRead(a.data.tier),
      superseded: false,
    })),
  ];
  return sortRows(
    rows.filter((r) => matches(r, query)),
    query.urut,
  );
}

function matches(r: AnalysisRow, q: ListQuery): boolean {
  if (q.jenis && r.kind !== q.jenis) return false;
  if (q.rating && r.rating !== q.rating) return false;
  if (q.paket && r.tier !== q.paket) return false;
  if (q.sektor && r.sector !== q.sektor) return false;
  if (q.q) {
    const needle = q.q.toLowerCase();
    const hay = [r.ticker, r.companyName, r.title, r.sector, r.category].filter(Boolean).join(' ').toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}

function sortRows(rows: AnalysisRow[], by: ListQuery['urut']): AnalysisRow[] {
  // By upside, current calls rank first; a superseded call's upside is history (docs/product.md §10.9).
  if (by === 'upside')
    return rows.sort(
      (a, b) =>
        Number(a.superseded) - Number(b.superseded) ||
        (b.upside ?? -Infinity) - (a.upside ?? -Infinity) ||
        b.date.getTime() - a.date.getTime(),
    );
  return rows.sort((a, b) => b.date.getTime() - a.date.getTime());
}
