/**
 * "Maksud Anda BBCA?": the listed codes nearest to a mistyped one, by optimal-string-alignment distance
 * (Levenshtein plus the swap of two neighbours, the commonest slip: BBAC → BBCA). Codes are 4 letters
 * (warrants and rights a few more), so a direct computation over the whole list is a few microseconds;
 * trigram similarity (pg_trgm) is too coarse for strings this short. No dependency of the project
 * offers this distance (only dev tools carry one), hence these lines.
 */
import type { EmitenIndexEntry } from './emiten-suggest';

/** Edit distance with adjacent transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** What looks like a stock code: 2–8 letters or digits (with a dash), nothing else. */
export function asCode(text: string): string | null {
  const q = text.trim().toUpperCase();
  return /^[A-Z0-9-]{2,8}$/.test(q) ? q : null;
}

/**
 * Up to `limit` entries whose code is within two edits of `query` (one for codes of three letters or
 * fewer), nearest first, then the larger company, then by code; none when `query` is not code-like or is
 * itself a listed code.
 */
export function nearestTickers(index: readonly EmitenIndexEntry[], query: string, limit = 3): EmitenIndexEntry[] {
  const q = asCode(query);
  if (!q || index.some((e) => e.t === q)) return [];
  const max = q.length <= 3 ? 1 : 2;
  return index
    .filter((e) => Math.abs(e.t.length - q.length) <= max)
    .map((e) => ({ e, d: editDistance(q, e.t) }))
    .filter((x) => x.d <= max)
    .sort((a, b) => a.d - b.d || (b.e.m ?? 0) - (a.e.m ?? 0) || a.e.t.localeCompare(b.e.t))
    .slice(0, limit)
    .map((x) => x.e);
}
