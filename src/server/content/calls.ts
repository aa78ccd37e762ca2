/**
 * The current analyst call per ticker: the latest emiten analysis of each ticker (docs/product.md §3).
 */
import { currentCalls } from '../../domain/recommendations';
import type { CallSource } from '../services/recommendations';
import { analysisSlug, emitenAnalyses } from './analyses';
import { utcDay } from '../../domain/dates';

/** One call per ticker that has an analysis, from its newest analysis. */
export async function currentCallSources(): Promise<CallSource[]> {
  const all = (await emitenAnalyses()).map(
    (a): CallSource => ({
      ticker: a.data.emiten,
      rating: a.data.rating,
      targetPrice: a.data.targetPrice ?? null,
      date: utcDay(a.data.date),
      horizon: a.data.horizon,
      tier: a.data.tier,
      title: a.data.title,
      href: `/analisis/${a.data.emiten}/${analysisSlug(a)}`,
    }),
  );
  return currentCalls(all);
}
