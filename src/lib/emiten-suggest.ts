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
  /** Size (e.g. market capitalisation in Rupiah), optional: breaks ties, bigger first. */
  m?: number;
  /** Delisting date (`YYYY-MM-DD`) of a company no longer listed; absent while listed. */
  d?: string;
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

/**
 * Lower is better: exact ticker, ticker prefix, name starting with the query, a later name word starting
 * with it, the name containing it, a sector word starting with it, the sector containing it; -1 = no match.
 */
function rank(e: EmitenIndexEntry, q: string): number {
  const ticker = e.t.toLowerCase();
  if (ticker === q) return 0;
  if (ticker.startsWith(q)) return 1;
  const name = normalise(e.n);
  if (name.startsWith(q)) return 2;
  if (name.includes(` ${q}`)) return 3;
  if (name.includes(q)) return 4;
  const sector = normalise(`${e.ss} ${e.s}`);
  if (sector.startsWith(q) || sector.includes(` ${q}`)) return 5;
  if (sector.includes(q)) return 6;
  return -1;
}

/** Up to `limit` entries matching `query`, best first (ticker, then name words, then sector), ties by size then ticker. */
export function suggestEmiten(index: readonly EmitenIndexEntry[], query: string, limit = 8): EmitenIndexEntry[] {
  const q = normalise(query);
  if (!q) return [];
  return index
    .map((e) => ({ e, r: rank(e, q) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || (b.e.m ?? 0) - (a.e.m ?? 0) || a.e.t.localeCompare(b.e.t))
    .slice(0, limit)
    .map((x) => x.e);
}

/** The entry whose ticker is exactly what was typed (any case, spaces ignored), if any. */
export function exactTicker(index: readonly EmitenIndexEntry[], query: string): EmitenIndexEntry | undefined {
  const q = query.trim().toUpperCase();
  return q ? index.find((e) => e.t === q) : undefined;
}
