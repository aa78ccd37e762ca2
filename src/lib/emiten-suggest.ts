/**
 * Emiten suggestions for the header search: ranks a small static index (ticker, name, sector) against
 * what the visitor typed. Pure and tiny, so the header's vanilla script can ship it to every page.
 */
export interface EmitenIndexEntry {
  /** Ticker. */
  t: string;
  /** Company name. */
  n: string;
  /** Sector and sub-sector. */
  s: string;
  ss: string;
}

/** Lower case, accents and the legal-form words (PT, Tbk, Persero) dropped, spaces squeezed. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(persero\)|\bpt\b|\btbk\b|[.,()&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The display name without the legal form: `PT Bank Central Asia Tbk` → `Bank Central Asia`. */
export function shortName(name: string): string {
  return name
    .replace(/^PT\s+/, '')
    .replace(/\s+Tbk\.?$/, '')
    .replace(/\s*\(Persero\)/, '');
}

function rank(e: EmitenIndexEntry, q: string): number {
  const ticker = e.t.toLowerCase();
  if (ticker === q) return 0;
  if (ticker.startsWith(q)) return 1;
  const name = normalise(e.n);
  if (name.startsWith(q) || name.includes(` ${q}`)) return 2;
  if (name.includes(q)) return 3;
  if (normalise(`${e.ss} ${e.s}`).includes(q)) return 4;
  return -1;
}

/** Up to `limit` entries matching `query`, best first (ticker, then name, then sector), ties by ticker. */
export function suggestEmiten(index: readonly EmitenIndexEntry[], query: string, limit = 8): EmitenIndexEntry[] {
  const q = normalise(query);
  if (!q) return [];
  return index
    .map((e) => ({ e, r: rank(e, q) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.e.t.localeCompare(b.e.t))
    .slice(0, limit)
    .map((x) => x.e);
}
