/**
 * Writes the generated demo market into the database and removes it again. Every public function
 * runs in one transaction: the database holds either the whole demo market or none of it.
 */
import { and, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import {
  appMeta,
  corporateActions,
  dailyPrices,
  emiten,
  fundamentals,
  indexConstituents,
  indexPrices,
} from '../db/schema';
import { DEMO_GENERATOR_VERSION, generateDemoMarket, type DemoMarket } from './generate';
import { markMarketChanged } from '../services/market';
import { DEMO_INDEXES } from './prices';

/** The `app_meta` key whose presence means the demo market is loaded; its value is `DemoMeta` JSON. */
export const DEMO_META_KEY = 'demo_data';
/** Rows per INSERT statement. */
const BATCH_SIZE = 1_000;

/** Rows written per table by a load. */
export interface DemoLoadCounts {
  emiten: number;
  prices: number;
  actions: number;
  fundamentals: number;
}

const demoMetaSchema = z.object({
  version: z.number(),
  today: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  counts: z.object({
    emiten: z.number(),
    prices: z.number(),
    index: z.number(),
    actions: z.number(),
    fundamentals: z.number(),
  }),
});
/** What the `demo_data` meta row records about the loaded demo market. */
export type DemoMeta = z.infer<typeof demoMetaSchema>;

/**
 * Inserts plain-valued rows (strings, numbers, booleans, null) in statements of `BATCH_SIZE` rows.
 * A column named in any row is written for every row: rows that leave it out get NULL, not the
 * column default. Each statement sends its rows as one JSON parameter expanded by
 * `json_populate_recordset`: Drizzle's multi-row VALUES builder spends ~30 ms per 1 000 rows
 * building parameters, which made the demo load twice as slow on PGlite.
 */
async function insertInBatches<T extends PgTable>(tx: Tx, table: T, rows: readonly PgInsertValue<T>[]) {
  const keys = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => keys.has(key));
  if (columns.length === 0) return;
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows.slice(i, i + BATCH_SIZE).map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(columns.map(([key, column]) => [column.name, record[key] ?? null]));
    });
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

async function readMeta(tx: Db | Tx): Promise<DemoMeta | undefined> {
  const [row] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DEMO_META_KEY));
  if (!row) return undefined;
  const parsed = demoMetaSchema.safeParse(JSON.parse(row.value));
  if (!parsed.success) throw new Error(`Unreadable app_meta '${DEMO_META_KEY}': ${parsed.error.message}`);
  return parsed.data;
}

async function insertMarket(tx: Tx, market: DemoMarket): Promise<DemoLoadCounts> {
  if (await readMeta(tx)) throw new Error('Demo market data is already loaded; use reloadDemoMarket');
  await markMarketChanged(tx);
  await insertInBatches(tx, emiten, market.emiten);
  await insertInBatches(tx, dailyPrices, market.prices);
  await insertInBatches(tx, indexPrices, market.index);
  await insertInBatches(tx, corporateActions, market.actions);
  await insertInBatches(tx, fundamentals, market.fundamentals);
  await insertInBatches(tx, indexConstituents, market.constituents);
  const counts = {
    emiten: market.emiten.length,
    prices: market.prices.length,
    actions: market.actions.length,
    fundamentals: market.fundamentals.length,
  };
  const meta: DemoMeta = {
    version: DEMO_GENERATOR_VERSION,
    today: market.today,
    firstDate: market.firstDate,
    lastDate: market.lastDate,
    counts: { ...counts, index: market.index.length },
  };
  await tx.insert(appMeta).values({ key: DEMO_META_KEY, value: JSON.stringify(meta) });
  return counts;
}

async function deleteMarket(tx: Tx): Promise<void> {
  const meta = await readMeta(tx);
  if (meta) await markMarketChanged(tx);
  // Prices, actions, fundamentals and index constituents of demo emiten go with them (ON DELETE CASCADE).
  await tx.delete(emiten).where(eq(emiten.isDemo, true));
  if (meta) {
    // Only the index days the demo wrote: imported index history outside them stays.
    const demoDays = and(gte(indexPrices.date, meta.firstDate), lte(indexPrices.date, meta.lastDate));
    const codes = DEMO_INDEXES.map((i) => i.code);
    await tx.delete(indexPrices).where(and(inArray(indexPrices.code, codes), demoDays));
  }
  await tx.delete(appMeta).where(eq(appMeta.key, DEMO_META_KEY));
}

/**
 * Generates the demo market for `opts.today` ('YYYY-MM-DD', the demo "today") and inserts it in one
 * transaction, emiten marked `is_demo`, plus the `demo_data` meta row. Throws, writing nothing, when
 * demo data is already loaded or a demo ticker already exists as a non-demo emiten.
 */
export async function loadDemoMarket(db: Db, opts: { today: string }): Promise<DemoLoadCounts> {
  const market = generateDemoMarket(opts.today);
  return db.transaction((tx) => insertMarket(tx, market));
}

/**
 * Removes the demo market in one transaction: demo emiten with their prices, corporate actions and
 * fundamentals, the IHSG days the demo wrote, and the meta row. Non-demo data stays; a no-op when
 * nothing demo is loaded.
 */
export async function clearDemoMarket(db: Db): Promise<void> {
  await db.transaction((tx) => deleteMarket(tx));
}

/** `clearDemoMarket` then `loadDemoMarket`, in one transaction; safe to run any number of times. */
export async function reloadDemoMarket(db: Db, opts: { today: string }): Promise<DemoLoadCounts> {
  const market = generateDemoMarket(opts.today);
  return db.transaction(async (tx) => {
    await deleteMarket(tx);
    return insertMarket(tx, market);
  });
}

/** What the loaded demo market was generated from, or undefined when no demo market is loaded. */
export function demoMarketInfo(db: Db): Promise<DemoMeta | undefined> {
  return readMeta(db);
}
