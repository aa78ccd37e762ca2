import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/db';
import { IHSG_CODE } from '../../domain/indexes';
import type { Db, DbHandle } from '../db/client';
import {
  appMeta,
  corporateActions,
  dailyPrices,
  emiten,
  fundamentals,
  indexConstituents,
  indexPrices,
} from '../db/schema';
import { parseScreenQuery, runScreener } from '../services/screener';
import { generateDemoMarket } from './generate';
import { clearDemoMarket, DEMO_META_KEY, demoMarketInfo, loadDemoMarket, reloadDemoMarket } from './load';

const TODAY = '2026-05-15';
let handle: DbHandle;
let db: Db;

async function tableCounts() {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    emiten: await n(db.select({ n: count() }).from(emiten).where(eq(emiten.isDemo, true))),
    prices: await n(db.select({ n: count() }).from(dailyPrices)),
    actions: await n(db.select({ n: count() }).from(corporateActions)),
    fundamentals: await n(db.select({ n: count() }).from(fundamentals)),
    index: await n(db.select({ n: count() }).from(indexPrices)),
    constituents: await n(db.select({ n: count() }).from(indexConstituents)),
    meta: await n(db.select({ n: count() }).from(appMeta).where(eq(appMeta.key, DEMO_META_KEY))),
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
});
afterAll(() => handle.close());

describe('demo market loader', () => {
  it('loads everything and reports what it wrote', async () => {
    const loaded = await loadDemoMarket(db, { today: TODAY });
    expect(loaded.emiten).toBeGreaterThanOrEqual(38);
    expect(loaded.prices).toBeGreaterThan(25_000);
    const info = await demoMarketInfo(db);
    expect(info).toMatchObject({ today: TODAY, counts: loaded });
    const constituents = generateDemoMarket(TODAY).constituents.length;
    expect(await tableCounts()).toEqual({ ...loaded, index: info!.counts.index, constituents, meta: 1 });
  });

  it('stores the generated values unchanged', async () => {
    const market = generateDemoMarket(TODAY);
    const price = market.prices.find((p) => p.ticker === 'BBNI' && p.date === market.lastDate)!;
    const [stored] = await db
      .select()
      .from(dailyPrices)
      .where(and(eq(dailyPrices.ticker, 'BBNI'), eq(dailyPrices.date, price.date)));
    expect(stored).toEqual(price);
    const split = await db.select().from(corporateActions).where(eq(corporateActions.type, 'split'));
    expect(split).toMatchObject([{ ticker: 'BBNI', ratioFrom: 1, ratioTo: 2, amount: null, paymentDate: null }]);
    const dividend = market.actions.find((a) => a.type === 'dividend' && a.cumDate > TODAY)!;
    const [storedDividend] = await db
      .select()
      .from(corporateActions)
      .where(and(eq(corporateActions.ticker, dividend.ticker), eq(corporateActions.exDate, dividend.exDate)));
    expect(Number(storedDividend!.amount)).toBe(Number(dividend.amount));
    expect(storedDividend).toMatchObject({ cumDate: dividend.cumDate, paymentDate: dividend.paymentDate });
    const index = market.index.at(-1)!;
    const storedIndex = await db
      .select()
      .from(indexPrices)
      .where(and(eq(indexPrices.date, index.date), eq(indexPrices.code, index.code)));
    expect(storedIndex).toEqual([index]);
  });

  it('lets the demo screener filter on index membership', async () => {
    const market = generateDemoMarket(TODAY);
    for (const code of ['LQ45', 'IDX30', 'JII']) {
      const q = parseScreenQuery(new URLSearchParams(`indeks=${code}`)).query;
      const { rows } = await runScreener(db, q, new Map(), null);
      const expected = market.constituents.filter((c) => c.indexCode === code).map((c) => c.ticker);
      expect(rows.map((r) => r.ticker)).toEqual(expected.sort());
    }
  });

  it('refuses a second load without writing anything', async () => {
    const before = await tableCounts();
    await expect(loadDemoMarket(db, { today: TODAY })).rejects.toThrow(/already loaded/);
    expect(await tableCounts()).toEqual(before);
  });

  it('reloads to identical counts', async () => {
    const before = await tableCounts();
    const reloaded = await reloadDemoMarket(db, { today: TODAY });
    expect(await tableCounts()).toEqual(before);
    expect(reloaded).toEqual({
      emiten: before.emiten,
      prices: before.prices,
      actions: before.actions,
      fundamentals: before.fundamentals,
    });
    const [bbca] = await db.select().from(emiten).where(eq(emiten.ticker, 'BBCA'));
    expect(bbca).toMatchObject({ name: 'PT Bank Central Asia Tbk', isDemo: true });
  });

  it('clears demo rows but keeps other data', async () => {
    await db.insert(emiten).values({
      ticker: 'ZZZZ',
      name: 'PT Bukan Demo Tbk',
      sector: 'Keuangan',
      subSector: 'Bank',
      board: 'Utama',
      listingDate: '2020-01-02',
      sharesOutstanding: 1_000_000,
    });
    await db
      .insert(indexPrices)
      .values({ code: IHSG_CODE, date: '2019-12-30', open: 6300, high: 6310, low: 6290, close: 6299.54 });
    await clearDemoMarket(db);
    expect(await tableCounts()).toEqual({
      emiten: 0,
      prices: 0,
      actions: 0,
      fundamentals: 0,
      index: 1,
      constituents: 0,
      meta: 0,
    });
    expect(await db.select({ t: emiten.ticker }).from(emiten)).toEqual([{ t: 'ZZZZ' }]);
    expect(await demoMarketInfo(db)).toBeUndefined();
    await clearDemoMarket(db);
  });
});
