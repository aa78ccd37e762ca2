/**
 * Read access to market data: emiten profiles and the latest closes that pages compare against.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { dailyPrices, emiten } from '../db/schema';

export type Emiten = typeof emiten.$inferSelect;

export interface LastClose {
  ticker: string;
  date: string;
  close: number;
  prevClose: number | null;
}

/** One emiten by its (upper-case) ticker, or undefined. */
export async function findEmiten(ticker: string): Promise<Emiten | undefined> {
  const db = await getDb();
  const rows = await db.select().from(emiten).where(eq(emiten.ticker, ticker)).limit(1);
  return rows[0];
}

/** Every emiten, by ticker. */
export async function listEmiten(): Promise<Emiten[]> {
  const db = await getDb();
  return db.select().from(emiten).orderBy(emiten.ticker);
}

/** The latest close and the one before it for every ticker (one query). */
export async function lastCloses(): Promise<Map<string, LastClose>> {
  const db = await getDb();
  type Row = { ticker: string; date: string; close: number; prev_close: number | null };
  const result = await db.execute(sql`
    select ticker, date::text as date, close, prev_close from (
      select ticker, date, close,
             lag(close) over (partition by ticker order by date) as prev_close,
             row_number() over (partition by ticker order by date desc) as rn
      from ${dailyPrices}
    ) t where rn = 1`);
  const map = new Map<string, LastClose>();
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    map.set(r.ticker, { ticker: r.ticker, date: r.date, close: Number(r.close), prevClose: r.prev_close === null ? null : Number(r.prev_close) });
  }
  return map;
}

/** Latest close of one ticker with the previous close, or undefined when it has no prices. */
export async function lastClose(ticker: string): Promise<LastClose | undefined> {
  const db = await getDb();
  const rows = await db
    .select({ date: dailyPrices.date, close: dailyPrices.close })
    .from(dailyPrices)
    .where(and(eq(dailyPrices.ticker, ticker)))
    .orderBy(desc(dailyPrices.date))
    .limit(2);
  const [last, prev] = rows;
  if (!last) return undefined;
  return { ticker, date: last.date, close: last.close, prevClose: prev?.close ?? null };
}
