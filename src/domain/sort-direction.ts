/**
 * The direction of a list's order as its URL says it (`?arah=naik|turun`, the watchlist and the screener).
 * Values only; their words are `SORT_DIRECTION_LABEL` in `src/lib/labels.ts`.
 */
export const SORT_DIRECTIONS = ['naik', 'turun'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
