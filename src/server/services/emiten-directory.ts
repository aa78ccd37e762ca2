/**
 * The list of listed companies as the rest of the app sees it: the `emiten` table, filled by imports
 * and the daily update, is the only source of tickers, names and sectors. Read once per market data
 * version and kept per database, so a page asks one tiny query (the version) instead of reading the
 * whole table each time; a write to the market data bumps the version and the next read refreshes.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { dailyPrices, emiten } from '../db/schema';
import type { EmitenIndexEntry } from '../../lib/emiten-suggest';
import { marketVersion } from './market-version';

export interface EmitenDirectory {
  /** The market data version this was read at. */
  version: number;
  /** Every emiten, by ticker, in the header search index's shape. */
  entries: readonly EmitenIndexEntry[];
  byTicker: ReadonlyMap<string, EmitenIndexEntry>;
  /** Distinct sectors, sorted for display. */
  sectors: readonly string[];
  /** The search index as served by `/api/emiten.json`: JSON text and its gzip. */
  json: string;
  gzip: Buffer;
  /** Strong validator: the version and a hash of the content, so a reset database never reuses one. */
  etag: string;
}

const cache = new WeakMap<Db, Promise<EmitenDirectory>>();

async function read(db: Db): Promise<EmitenDirectory> {
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
      close: lastClose,
    })
    .from(emiten)
    .orderBy(asc(emiten.ticker));
  const rows: EmitenIndexEntry[] = found.map(({ shares, close, ...e }) => {
    const m = Math.round((shares * Number(close ?? 0)) / 1e9);
    return m > 0 ? { ...e, m } : e;
  });
  const json = JSON.stringify(rows);
  return {
    version,
    entries: rows,
    byTicker: new Map(rows.map((r) => [r.t, r])),
    sectors: [...new Set(rows.map((r) => r.s))].sort((a, b) => a.localeCompare(b, 'id')),
    json,
    gzip: gzipSync(json),
    etag: `"emiten-${version}-${createHash('sha256').update(json).digest('base64url').slice(0, 12)}"`,
  };
}

/** The current emiten list of `db` (default: the process' database). */
export async function emitenDirectory(db?: Db): Promise<EmitenDirectory> {
  const target = db ?? (await getDb());
  const cached = cache.get(target);
  if (cached) {
    const current = await cached.catch(() => undefined);
    if (current && current.version === (await marketVersion(target))) return current;
  }
  const fresh = read(target);
  cache.set(target, fresh);
  fresh.catch(() => cache.delete(target));
  return fresh;
}
