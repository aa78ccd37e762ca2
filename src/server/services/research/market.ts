/**
 * Read access to market data: emiten profiles and the latest closes that pages compare against.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { dailyPrices, emiten } from '../../db/schema';
import { perMarketVersion } from '../market/cache';

export type Emiten = typeof emiten.$inferSelect;

export interface LastClose {
  ticker: string;
  date: string;
  close: number;
  prevClose: number | null;
}

interface EmitenTable {
  list: Emiten[];
  byTicker: Map<string, Emiten>;
}

/** The emiten table, read once per market-data version. */
function emitenTable(db: Db): Promise<EmitenTable> {
  return perMarketVersion(db, 'emiten', async () => {
    const list = await db.select().from(emiten).orderBy(emiten.ticker);
    return { list, byTicker: new Map(list.map((e) => [e.ticker, e])) };
  });
}

/** One emiten by its (upper-case) ticker, or undefined. */
export async function findEmiten(db: Db, ticker: string): Promise<Emiten | undefined> {
  return (await emitenTable(db)).byTicker.get(ticker);
}

/** The latest close and the one before it for every ticker, once per market-data version (shared: do not mutate). */
export async function lastCloses(db: Db): Promise<Map<string, LastClose>> {
  return perMarketVersion(db, 'last-closes', () => readLastCloses(db));
}

/** Two index probes per emiten on the (ticker, date) key rather than a scan of every daily price. */
async function readLastCloses(db: Db): Promise<Map<string, LastClose>> {
  type Row = { ticker: string; date: string; close: number; prev_close: number | null };
  const result = await executeRows<Row>(
    db,
    sql`
    select e.ticker, l.date::text as date, l.close,
           (select p.close from ${dailyPrices} p
             where p.ticker = e.ticker and p.date < l.date order by p.date desc limit 1) as prev_close
    from ${emiten} e
    cross join lateral (
      select d.date, d.close from ${dailyPrices} d where d.ticker = e.ticker order by d.date desc limit 1
    ) l`,
  );
  const map = new Map<string, LastClose>();
  for (const r of result) {
    map.set(r.ticker, {
      ticker: r.ticker,
      date: r.date,
      close: Number(r.close),
      prevClose: r.prev_close === null ? null : Number(r.prev_close),
    });
  }
  return map;
}

/** Whether any of `tickers` carries generated demo market data: pages showing them carry the "Data demo" banner. */
export async function anyDemo(db: Db, tickers: Iterable<string | null | undefined>): Promise<boolean> {
  const table = await emitenTable(db);
  for (const t of tickers) if (t && table.byTicker.get(t)?.isDemo) return true;
  return false;
}
