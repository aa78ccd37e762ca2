/**
 * The enumerations of analyses (docs/product.md §3, §4): the rating an analyst gives, and the kinds and
 * orders the /analisis list filters and sorts by. Values only; their words are in `src/lib/labels.ts`.
 */
export const RATINGS = ['beli', 'tahan', 'jual'] as const;
export type Rating = (typeof RATINGS)[number];

/** An analysis is about one listed company or about a topic (macro, bonds, gold, IPO, …). */
export const ANALYSIS_KINDS = ['emiten', 'non-emiten'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

/** How the /analisis list may be ordered (`?urut=`): newest first, or by upside against the last close. */
export const ANALYSIS_SORTS = ['tanggal', 'upside'] as const;
export type AnalysisSort = (typeof ANALYSIS_SORTS)[number];
