/**
 * The analyses collections, read on the server only: entries carry gated text and must never be
 * imported by an island. Pages get a body through `analysisBody`, which renders the full text only for
 * a viewer allowed to read it and otherwise hands out the build-time teaser.
 */
import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import { canReadAnalysis } from '../../domain/analysis-access';
import type { Tier } from '../../domain/tiers';

export type EmitenAnalysis = CollectionEntry<'analisis'>;
export type NonEmitenAnalysis = CollectionEntry<'analisisNonEmiten'>;

/** The analysis' id within its emiten folder: `BBCA/kinerja-q3` → `kinerja-q3`. */
export function analysisSlug(entry: EmitenAnalysis): string {
  return entry.id.slice(entry.id.indexOf('/') + 1);
}

export function emitenAnalysisHref(entry: EmitenAnalysis): string {
  return `/analisis/${entry.data.emiten}/${analysisSlug(entry)}`;
}

export function nonEmitenAnalysisHref(entry: NonEmitenAnalysis): string {
  return `/analisis/non-emiten/${entry.id}`;
}

const newestFirst = <T extends { data: { date: Date } }>(a: T, b: T) => b.data.date.getTime() - a.data.date.getTime();

/**
 * All emiten analyses, newest first. An analysis filed under another ticker's folder than its `emiten`
 * stops the build (its URL would lie), naming the file.
 */
export async function emitenAnalyses(): Promise<EmitenAnalysis[]> {
  const all = await getCollection('analisis');
  for (const a of all) {
    const folder = a.id.slice(0, a.id.indexOf('/'));
    if (folder !== a.data.emiten) {
      throw new Error(`${a.filePath ?? a.id}: emiten "${a.data.emiten}" does not match its folder "${folder}"`);
    }
  }
  return all.sort(newestFirst);
}

/** All non-emiten analyses, newest first. */
export async function nonEmitenAnalyses(): Promise<NonEmitenAnalysis[]> {
  const all = await getCollection('analisisNonEmiten');
  return all.sort(newestFirst);
}

export async function findEmitenAnalysis(ticker: string, slug: string): Promise<EmitenAnalysis | undefined> {
  return (await emitenAnalyses()).find((a) => a.data.emiten === ticker && analysisSlug(a) === slug);
}

export async function findNonEmitenAnalysis(id: string): Promise<NonEmitenAnalysis | undefined> {
  return (await nonEmitenAnalyses()).find((a) => a.id === id);
}

export type AnalysisBody =
  | { access: 'full'; Content: Awaited<ReturnType<typeof render>>['Content'] }
  | { access: 'teaser'; html: string; locked: string[] };

/** The body a viewer of `viewerTier` (null: not signed in) may receive; see the module comment. */
export async function analysisBody(
  entry: EmitenAnalysis | NonEmitenAnalysis,
  viewerTier: Tier | null,
): Promise<AnalysisBody> {
  if (canReadAnalysis(viewerTier, entry.data.tier)) return { access: 'full', Content: (await render(entry)).Content };
  const teaser =
    entry.collection === 'analisis'
      ? await getEntry('analisisTeaser', entry.id)
      : await getEntry('analisisNonEmitenTeaser', entry.id);
  return { access: 'teaser', html: teaser?.rendered?.html ?? '', locked: teaser?.data.locked ?? [] };
}

/** Upside of a target against the last close, as a ratio; null when either is missing. */
export function upside(target: number | undefined, close: number | undefined): number | null {
  if (!target || !close) return null;
  return target / close - 1;
}

