import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket, TODAY } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import { computeFor, dividendsView, holdingsView, loadPortfolioData, metricsView } from '.';

describe('portfolio reports from the database', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h.close());

  it('builds the engine input for all portfolios or one, and the views the API returns', async () => {
    const u = await createUser(h.db);
    const main = await createTestPortfolio(h.db, u.id, 'Utama');
    const free = await createTestPortfolio(h.db, u.id, 'Tanpa pajak', { dividendTaxPct: '0' });
    await createTrade(h.db, u.id, main.id, {
      date: '2026-03-02',
      ticker: 'BBRI',
      type: 'buy',
      shares: '1000',
      price: '4000',
    });
    await createTrade(h.db, u.id, free.id, {
      date: '2026-03-02',
      ticker: 'BBRI',
      type: 'buy',
      shares: '500',
      price: '4000',
    });
    await createTrade(h.db, u.id, free.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'buy',
      shares: '100',
      price: '8950',
      fee: '0',
    });

    const data = (await loadPortfolioData(h.db, u.id, { asOf: TODAY }))!;
    expect(data.portfolios.map((p) => p.name)).toEqual(['Utama', 'Tanpa pajak']);
    expect([...data.input.prices.keys()].sort()).toEqual(['BBCA', 'BBRI']);
    expect(data.input.ihsg.map((c) => c.date)).toEqual(['2026-03-02', '2026-09-14', '2026-11-20']);

    const all = holdingsView(data, computeFor(data));
    expect(all.holdings.map((x) => [x.ticker, x.name, x.shares, x.marketValue])).toEqual([
      ['BBCA', 'PT Bank Central Asia Tbk', 100, 980_000],
      ['BBRI', 'PT Bank Rakyat Indonesia (Persero) Tbk', 1_500, 6_300_000],
    ]);
    const dividends = dividendsView(data, computeFor(data));
    // 208,4 per share, recorded 13 April 2026: 1 000 shares received gross (208 400, undecided: 20 840
    // due, not yet paid), 500 at the fixed 0 % (104 200).
    expect(dividends.received).toEqual({ gross: 312_600, tax: 0, net: 312_600 });
    expect(dividends.receivedRecords.map((r) => [r.portfolioName, r.net, r.taxDetail?.due ?? null])).toEqual([
      ['Utama', 208_400, 20_840],
      ['Tanpa pajak', 104_200, null],
    ]);

    const one = (await loadPortfolioData(h.db, u.id, { portfolioId: free.id, asOf: TODAY }))!;
    expect(one.input.transactions).toHaveLength(2);
    const ihsg = { code: 'COMPOSITE', label: 'IHSG', aliases: ['COMPOSITE'] };
    const m = metricsView(one, computeFor(one), { periods: ['semua'], benchmark: ihsg, benchmarks: [ihsg] });
    expect(m.portfolio).toEqual({ id: free.id, name: 'Tanpa pajak' });
    expect(m.periods.semua).toMatchObject({
      startDate: '2026-03-02',
      endDate: '2026-11-20',
      inflow: 2_000_000 + 3_000 + 895_000,
    });
    expect(m.allocation.byStock.map((s) => s.key)).toEqual(['BBRI', 'BBCA']);

    expect(
      await loadPortfolioData(h.db, (await createUser(h.db)).id, { portfolioId: main.id, asOf: TODAY }),
    ).toBeUndefined();
  });
});
