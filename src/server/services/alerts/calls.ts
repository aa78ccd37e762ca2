/**
 * Copies the latest call per code from the content catalog into `research_calls`, so that alert
 * evaluation can join it in SQL. Replaced whole in one transaction: the table is small (one row per
 * code with an analysis).
 */
import type { Db } from '../../db/client';
import { researchCalls } from '../../db/schema';
import { tierRank } from '../../../domain/alerts';
import type { CatalogAnalysis } from '../notifications/catalog';

export async function syncResearchCalls(db: Db, analyses: readonly CatalogAnalysis[]): Promise<number> {
  const latest = new Map<string, CatalogAnalysis>();
  for (const a of analyses) {
    if (!a.ticker || !a.rating) continue;
    const seen = latest.get(a.ticker);
    if (!seen || a.date > seen.date || (a.date === seen.date && a.id > seen.id)) latest.set(a.ticker, a);
  }
  const rows = [...latest.values()].map((a) => ({
    ticker: a.ticker!,
    analysisId: a.id,
    title: a.title,
    path: a.path,
    date: a.date,
    tierRank: tierRank(a.tier),
    rating: a.rating!,
    targetPrice: a.targetPrice ?? null,
    fairValue: a.fairValue ?? null,
  }));
  await db.transaction(async (tx) => {
    await tx.delete(researchCalls);
    if (rows.length) await tx.insert(researchCalls).values(rows);
  });
  return rows.length;
}
