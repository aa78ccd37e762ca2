import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import type { DbHandle } from '../../db/client';
import { corporateActions, dailyPrices, emiten, fundamentals } from '../../db/schema';
import { memberHoldings } from './holdings';
import { recommendationsFor, type CallSource } from './index';
import { stockStats } from './stock-stats';
import { addDays } from '../../../domain/dates';
import { executeRows } from '../../db/rows';

const T = 1_000_000_000_000;
const TODAY = '2026-11-20';
/** 300 weekdays ending on TODAY. */
const DAYS = (() => {
  const out: string[] = [];
  for (let d = TODAY; out.length < 300; d = addDays(d, -1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.unshift(d);
  }
  return out;
})();
const SPLIT_DAY = DAYS[200]!;

/** A close series alternating ±step around `base` (daily log returns of about ±2·step/base). */
function closes(base: number, step: number): number[] {
  return DAYS.map((_, i) => base + (i % 2 === 0 ? step : -step));
}

const call = (ticker: string, rating: CallSource['rating'], targetPrice: number): CallSource => ({
  ticker,
  rating,
  targetPrice,
  date: '2026-10-01',
  horizon: 12,
  tier: 'gratis',
  title: `Analisis ${ticker}`,
  href: `/analisis/${ticker}/uji`,
});

async function seedMarket(h: DbHandle) {
  const shares = { BBCA: 120_000_000_000, ANTM: 24_000_000_000, GOTO: 1_100_000_000_000, UNVR: 38_000_000_000 };
  await h.db.insert(emiten).values(
    Object.entries(shares).map(([ticker, n]) => ({
      ticker,
      name: `PT ${ticker} Tbk`,
      sector: ticker === 'ANTM' ? 'Barang Baku' : 'Keuangan',
      subSector: 'Uji',
      board: 'Utama',
      listingDate: '2000-01-03',
      sharesOutstanding: n,
    })),
  );
  const series: Record<string, number[]> = {
    BBCA: closes(10_000, 50), // ~1 % daily moves: ~16 % a year
    ANTM: closes(1_700, 17),
    GOTO: closes(80, 3), // ~7.5 % daily moves
    // UNVR halves at a 1:2 split; without the split-day return the series is calm.
    UNVR: DAYS.map((d, i) => (d < SPLIT_DAY ? 4_000 : 2_000) + (i % 2 === 0 ? 10 : -10)),
  };
  await h.db
    .insert(dailyPrices)
    .values(
      Object.entries(series).flatMap(([ticker, cs]) =>
        cs.map((close, i) => ({ ticker, date: DAYS[i]!, open: close, high: close, low: close, close, volume: 1000 })),
      ),
    );
  const quarters = ['2025-12-31', '2026-03-31', '2026-06-30', '2026-09-30'];
  await h.db.insert(fundamentals).values(
    Object.keys(shares).flatMap((ticker) =>
      quarters.map((periodEnd) => ({
        ticker,
        periodEnd,
        revenue: 10 * T,
        netIncome: ticker === 'GOTO' ? -T : T,
        equity: 50 * T,
        eps: '10',
        bvps: '100',
      })),
    ),
  );
  await h.db
    .insert(corporateActions)
    .values({ ticker: 'UNVR', type: 'split', cumDate: DAYS[199]!, exDate: SPLIT_DAY, ratioFrom: 1, ratioTo: 2 });
}

/**
 * The portfolio tables as the holdings contract reads them (the shape of feat/portfolio's schema), when the
 * portfolio feature has not created them in this database.
 */
async function trade(
  h: DbHandle,
  portfolioId: string,
  date: string,
  ticker: string,
  type: 'buy' | 'sell',
  shares: number,
  price: number,
) {
  await h.db.execute(
    sql`insert into transactions (portfolio_id, date, ticker, type, shares, price, fee) values (${portfolioId}, ${date}, ${ticker}, ${type}, ${shares}, ${price}, 0)`,
  );
}

describe('recommendations', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h);
  });
  afterAll(() => h.close());

  it('computes market cap, volatility without the split jump, and profitability', async () => {
    const s = await stockStats(h.db, ['BBCA', 'GOTO', 'UNVR', 'XXXX']);
    expect([...s.keys()].sort()).toEqual(['BBCA', 'GOTO', 'UNVR']);
    expect(s.get('BBCA')!.marketCap).toBe(9_950 * 120_000_000_000);
    expect(s.get('BBCA')!.volatility).toBeCloseTo(0.159, 2);
    expect(s.get('UNVR')!.volatility).toBeLessThan(0.2);
    expect(s.get('GOTO')).toMatchObject({ profitable: false });
    expect(s.get('GOTO')!.volatility).toBeGreaterThan(1);
  });

  it('returns no holdings for a member without portfolios', async () => {
    const u = await createUser(h.db);
    expect(await memberHoldings(h.db, u.id, TODAY)).toEqual([]);
  });

  it('combines holdings over portfolios, after the split, weighted by market value', async () => {
    const u = await createUser(h.db);
    const other = await createUser(h.db);
    const ids: string[] = [];
    for (const owner of [u.id, u.id, other.id]) {
      const [r] = await executeRows<{ id: string }>(
        h.db,
        sql`insert into portfolios (user_id, name) values (${owner}, ${`Portofolio ${ids.length + 1}`}) returning id::text as id`,
      );
      ids.push(r!.id);
    }
    await trade(h, ids[0]!, DAYS[10]!, 'BBCA', 'buy', 1_000, 10_000);
    await trade(h, ids[1]!, DAYS[20]!, 'BBCA', 'buy', 500, 9_950);
    await trade(h, ids[1]!, DAYS[30]!, 'UNVR', 'buy', 1_000, 4_000);
    await trade(h, ids[1]!, DAYS[40]!, 'ANTM', 'buy', 100, 1_700);
    await trade(h, ids[1]!, DAYS[50]!, 'ANTM', 'sell', 100, 1_700);
    // A round trip within one day, in entry order.
    await trade(h, ids[0]!, DAYS[60]!, 'ANTM', 'buy', 200, 1_700);
    await trade(h, ids[0]!, DAYS[60]!, 'ANTM', 'sell', 200, 1_717);
    await trade(h, ids[2]!, DAYS[10]!, 'GOTO', 'buy', 100_000, 80); // another member's
    const held = await memberHoldings(h.db, u.id, TODAY);
    const bbca = 1_500 * 9_950;
    const unvr = 2_000 * 1_990;
    expect(held).toEqual([
      { ticker: 'BBCA', shares: 1_500, marketValue: bbca, weight: bbca / (bbca + unvr) },
      { ticker: 'UNVR', shares: 2_000, marketValue: unvr, weight: unvr / (bbca + unvr) },
    ]);

    const calls = [
      call('BBCA', 'beli', 11_000),
      call('ANTM', 'beli', 2_200),
      call('GOTO', 'beli', 120),
      call('UNVR', 'jual', 1_500),
    ];
    const konservatif = await recommendationsFor(h.db, { userId: u.id, profile: 'konservatif', calls, today: TODAY });
    expect(konservatif.fits.map((r) => [r.call.ticker, r.held?.shares ?? 0, r.overweight])).toEqual([
      ['BBCA', 1_500, true],
    ]);
    expect(konservatif.fits[0]!.call).toMatchObject({ companyName: 'PT BBCA Tbk', lastClose: 9_950 });
    expect(konservatif.sellWarnings.map((w) => w.call.ticker)).toEqual(['UNVR']);
    const agresif = await recommendationsFor(h.db, { userId: u.id, profile: 'agresif', calls, today: TODAY });
    expect(agresif.fits.map((r) => r.call.ticker)).toEqual(['GOTO', 'ANTM', 'BBCA']);
    expect(agresif.fits.map((r) => r.riskClass)).toEqual(['tinggi', 'sedang', 'rendah']);
  });

  it('shows the same calls without holdings for the sample', async () => {
    const calls = [call('BBCA', 'beli', 11_000), call('UNVR', 'jual', 1_500)];
    const r = await recommendationsFor(h.db, { userId: null, profile: 'moderat', calls, today: TODAY });
    expect(r.fits.map((f) => [f.call.ticker, f.held])).toEqual([['BBCA', null]]);
    expect(r.sellWarnings).toEqual([]);
  });
});
