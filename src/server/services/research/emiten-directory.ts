/**
 * The list of listed companies as the rest of the app sees it: the `emiten` table, filled by imports
 * and the daily update, is the only source of tickers, names and sectors. Read once per market data
 * version and day and kept per database, so a page asks one tiny query (the version) instead of reading
 * the whole table each time; a write to the market data bumps the version and the next read refreshes.
 *
 * A company delisted on or before the day is gone from the market: it stays in `entries` and `byTicker`
 * (its own page, members' old transactions), but not in `listed`, the search index or the sectors. One
 * whose delisting is announced for a later day is still listed and carries the date (`d`).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyPrices, emiten } from '../../db/schema';
import type { EmitenIndexEntry } from '../../../lib/emiten-suggest';
import { wibDate } from '../../../domain/dates';
import { now } from '../../clock';
import { marketVersion } from '../market/version';

export interface EmitenDirectory {
  /** The market data version this was read at. */
  version: number;
  /** The day (`YYYY-MM-DD`, WIB) against which delisting dates were read. */
  day: string;
  /** Every emiten, delisted ones included, by ticker, in the header search index's shape. */
  entries: readonly EmitenIndexEntry[];
  byTicker: ReadonlyMap<string, EmitenIndexEntry>;
  /** The emiten still listed on `day`: what searches, suggestions and lists offer. */
  listed: readonly EmitenIndexEntry[];
  /** Distinct sectors of the listed emiten, sorted for display. */
  sectors: readonly string[];
  /** The search index of the listed emiten as served by `/api/emiten.json`: JSON text and its gzip. */
  json: string;
  gzip: Buffer;
  /** Strong validator: the version and a hash of the content, so a reset database never reuses one. */
  etag: string;
}

const cache = new WeakMap<Db, Promise<EmitenDirectory>>();

/** Whether `e` was delisted on or before `day` (an announced later delisting still trades). */
export function isDelisted(e: Pick<EmitenIndexEntry, 'd'>, day: string): boolean {
  return e.d !== undefined && e.d <= day;
}

async function read(db: Db, day: string): Promise<EmitenDirectory> {
  // Read the version first: a write committing between the two reads only makes the copy newer than
  // its version, and the next call refreshes it.
  const version = await marketVersion(db);
  // Size for ranking ties: market capitalisation at the last close, in billions of Rupiah (one index
  // probe per ticker, once per version).
  const lastClose = sql<
    number | null
  >`(select p.close from ${dailyPrices} p where p.ticker = ${emiten.ticker} order by p.date desc limit 1)`;
  const found = await db
    .select({
      t: emiten.ticker,
      n: emiten.name,
      s: emiten.sector,
      ss: emiten.subSector,
      shares: emiten.sharesOutstanding,
      delistedAt: emiten.delistedAt,
      close: lastClose,
    })
    .from(emiten)
    .orderBy(asc(emiten.ticker));
  const rows: EmitenIndexEntry[] = found.map(({ shares, close, delistedAt, ...e }) => {
    const m = Math.round((shares * Number(close ?? 0)) / 1e9);
    const entry: EmitenIndexEntry = m > 0 ? { ...e, m } : e;
    return delistedAt ? { ...entry, d: delistedAt } : entry;
  });
  const listed = rows.filter((r) => !isDelisted(r, day));
  const json = JSON.stringify(listed);
  return {
    version,
    day,
    entries: rows,
    byTicker: new Map(rows.map((r) => [r.t, r])),
    listed,
    sectors: [...new Set(listed.map((r) => r.s))].sort((a, b) => a.localeCompare(b, 'id')),
    json,
    gzip: gzipSync(json),
    etag: `"emiten-${version}-${createHash('sha256').update(json).digest('base64url').slice(0, 12)}"`,
  };
}

/** The current emiten list of `db` on `day` (default: today, WIB). */
export async function emitenDirectory(db: Db, day = wibDate(now())): Promise<EmitenDirectory> {
  const cached = cache.get(db);
  if (cached) {
    const current = await cached.catch(() => undefined);
    if (current && current.day === day && current.version === (await marketVersion(db))) return current;
  }
  const fresh = read(db, day);
  cache.set(db, fresh);
  fresh.catch(() => cache.delete(db));
  return fresh;
}
