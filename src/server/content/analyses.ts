/**
 * The analyses collections, read on the server only: entries carry gated text and must never be
 * imported by an island.
 */
import { getCollection, type CollectionEntry } from 'astro:content';

export type EmitenAnalysis = CollectionEntry<'analisis'>;
export type NonEmitenAnalysis = CollectionEntry<'analisisNonEmiten'>;

/** The analysis' id within its emiten folder: `BBCA/kinerja-q3` → `kinerja-q3`. */
export function analysisSlug(entry: EmitenAnalysis): string {
  return entry.id.slice(entry.id.indexOf('/') + 1);
}

/** All emiten analyses, newest first. */
export async function emitenAnalyses(): Promise<EmitenAnalysis[]> {
  const all = await getCollection('analisis');
  return all.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** All non-emiten analyses, newest first. */
export async function nonEmitenAnalyses(): Promise<NonEmitenAnalysis[]> {
  const all = await getCollection('analisisNonEmiten');
  return all.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** Upside of a target against the last close, as a ratio; null when either is missing. */
export function upside(target: number | undefined, close: number | undefined): number | null {
  if (!target || !close) return null;
  return target / close - 1;
}

export const RATING_LABEL = { beli: 'Beli', tahan: 'Tahan', jual: 'Jual' } as const;
