import { describe, expect, it } from 'vitest';
import { computePortfolio } from './engine';
import { input, shareChange, tx } from './test-support';
import type { CorporateAction } from './types';

const asOf = '2024-06-28';

describe('average cost and realised P/L (hand-computed)', () => {
  it('averages two buys with fees in the average', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 1_000, fee: 150 }),
          tx({ date: '2024-01-03', type: 'buy', shares: 200, price: 1_300, fee: 390 }),
        ],
        prices: { BBCA: [['2024-06-28', 1_400]] },
        asOf,
      }),
    );
    const [h] = r.holdings.combined;
    // 100 × 1 000 + 150 + 200 × 1 300 + 390 = 360 540 over 300 shares
    expect(h).toMatchObject({
      shares: 300,
      lots: 3,
      oddShares: 0,
      remainingCost: 360_540,
      lastClose: 1_400,
      marketValue: 420_000,
      unrealised: 59_460,
    });
    expect(h!.averagePrice).toBeCloseTo(1_201.8, 10);
    expect(h!.unrealisedPct).toBeCloseTo(59_460 / 360_540, 12);
    expect(h!.weight).toBe(1);
  });

  it('books partial sells with fees at average cost', () => {
    const sell1 = tx({ date: '2024-02-01', type: 'sell', shares: 100, price: 1_500, fee: 375 });
    const sell2 = tx({ date: '2024-02-02', type: 'sell', shares: 50, price: 1_400, fee: 175 });
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 1_000, fee: 150 }),
          tx({ date: '2024-01-03', type: 'buy', shares: 200, price: 1_300, fee: 390 }),
          sell1,
          sell2,
        ],
        asOf,
      }),
    );
    // sell 1: 360 540 × 100/300 = 120 180 out; 150 000 − 375 = 149 625 in → +29 445
    // sell 2: 240 360 × 50/200 = 60 090 out; 70 000 − 175 = 69 825 in → +9 735
    expect(r.realised.sells.map((s) => [s.transactionId, s.costRemoved, s.proceeds, s.realised])).toEqual([
      [sell1.id, 120_180, 149_625, 29_445],
      [sell2.id, 60_090, 69_825, 9_735],
    ]);
    expect(r.realised.total).toEqual({ portfolioId: null, sells: 39_180, expensedBuyFees: 0, total: 39_180 });
    expect(r.holdings.combined[0]).toMatchObject({
      shares: 150,
      remainingCost: 180_270,
      lastClose: null,
      marketValue: 180_270,
    });
  });

  it('keeps remaining cost whole when cost does not divide by shares', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 3, price: 1_000, fee: 1 }),
          tx({ date: '2024-01-03', type: 'sell', shares: 1, price: 1_000 }),
          tx({ date: '2024-01-04', type: 'sell', shares: 1, price: 1_000 }),
          tx({ date: '2024-01-05', type: 'sell', shares: 1, price: 1_000 }),
        ],
        asOf,
      }),
    );
    // 3 001 / 3 = 1 000,33 → 1 000; 2 001 / 2 = 1 000,5 → 1 001; the last sell takes the last 1 000
    expect(r.realised.sells.map((s) => s.costRemoved)).toEqual([1_000, 1_001, 1_000]);
    expect(r.realised.total.total).toBe(-1);
  });

  it('closes a full round trip to zero shares and zero cost', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 500, price: 2_000, fee: 1_500 }),
          tx({ date: '2024-03-01', type: 'sell', shares: 500, price: 2_200, fee: 2_750 }),
        ],
        prices: { BBCA: [['2024-06-28', 2_500]] },
        asOf,
      }),
    );
    // 1 100 000 − 2 750 − (1 000 000 + 1 500) = 95 750
    expect(r.realised.total.total).toBe(95_750);
    expect(r.holdings.combined).toEqual([]);
    expect(r.summary).toMatchObject({
      marketValue: 0,
      remainingCost: 0,
      realised: 95_750,
      totalReturn: 95_750,
      totalInvested: 1_001_500,
    });
    expect(r.summary.simpleGainOnCost).toBeCloseTo(95_750 / 1_001_500, 12);
  });

  it('keeps fees out of the average when set, booking buy fees as realised expenses', () => {
    const transactions = [
      tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 1_000, fee: 150 }),
      tx({ date: '2024-01-03', type: 'buy', shares: 100, price: 1_100, fee: 165 }),
      tx({ date: '2024-02-01', type: 'sell', shares: 100, price: 1_200, fee: 300 }),
    ];
    const out = computePortfolio(input({ transactions, settings: { p1: { feesInAverage: false } }, asOf }));
    // average 1 050; sell: 120 000 − 300 − 105 000 = 14 700; buy fees 315 are expenses
    expect(out.realised.sells[0]!.realised).toBe(14_700);
    expect(out.realised.total).toEqual({ portfolioId: null, sells: 14_700, expensedBuyFees: 315, total: 14_385 });
    expect(out.holdings.combined[0]).toMatchObject({ averagePrice: 1_050, remainingCost: 105_000 });
    const inAvg = computePortfolio(input({ transactions, asOf }));
    // average (210 315) / 200 = 1 051,575; sell: 119 700 − 105 158 (105 157,5 half up) = 14 542
    expect(inAvg.realised.total.total).toBe(14_542);
    expect(inAvg.holdings.combined[0]!.remainingCost).toBe(105_157);
  });
});

describe('share actions (applied on the ex date, cost kept)', () => {
  const action = (type: CorporateAction['type'], exDate: string, ratioFrom: number, ratioTo: number) =>
    shareChange(exDate, ratioFrom, ratioTo, type);

  it('applies a 1:5 split before a later sell', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 5_000 }),
          tx({ date: '2024-03-05', type: 'sell', shares: 200, price: 1_100 }),
        ],
        actions: [action('split', '2024-03-04', 1, 5)],
        asOf,
      }),
    );
    // 500 shares at 1 000 each; selling 200 removes 200 000
    expect(r.realised.sells[0]).toMatchObject({ costRemoved: 200_000, realised: 20_000 });
    expect(r.holdings.combined[0]).toMatchObject({ shares: 300, remainingCost: 300_000, averagePrice: 1_000 });
    expect(r.issues).toEqual([]);
  });

  it('applies a split on its ex date before trades of that day', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 5_000 }),
          tx({ date: '2024-03-04', type: 'sell', shares: 500, price: 1_000 }),
        ],
        actions: [action('split', '2024-03-04', 1, 5)],
        asOf,
      }),
    );
    expect(r.issues).toEqual([]);
    expect(r.realised.total.total).toBe(0);
  });

  it('applies a 10:1 reverse split, dropping the fraction and keeping the cost', () => {
    const r = computePortfolio(
      input({
        transactions: [tx({ date: '2024-01-02', type: 'buy', shares: 1_005, price: 50 })],
        actions: [action('reverse_split', '2024-02-01', 10, 1)],
        asOf,
      }),
    );
    expect(r.holdings.combined[0]).toMatchObject({ shares: 100, remainingCost: 50_250, averagePrice: 502.5 });
  });

  it('adds bonus shares 10:1, rounded down, keeping the cost', () => {
    const r = computePortfolio(
      input({
        transactions: [tx({ date: '2024-01-02', type: 'buy', shares: 1_005, price: 1_000 })],
        actions: [action('bonus', '2024-02-01', 10, 1)],
        asOf,
      }),
    );
    expect(r.holdings.combined[0]).toMatchObject({ shares: 1_105, lots: 11, oddShares: 5, remainingCost: 1_005_000 });
  });

  it('ignores actions after the as-of date and reports unusable ratios', () => {
    const r = computePortfolio(
      input({
        transactions: [tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 1_000 })],
        actions: [
          action('split', '2024-07-01', 1, 2),
          { ticker: 'BBCA', type: 'bonus', cumDate: '2024-02-01', exDate: '2024-02-01', ratioFrom: 0, ratioTo: 1 },
        ],
        asOf,
      }),
    );
    expect(r.holdings.combined[0]!.shares).toBe(100);
    expect(r.issues).toEqual([
      {
        kind: 'invalid_action',
        ticker: 'BBCA',
        type: 'bonus',
        exDate: '2024-02-01',
        reason: 'ratio must be two whole numbers > 0',
      },
    ]);
  });

  it('keeps portfolios apart and combines them', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 1_000, portfolioId: 'a' }),
          tx({ date: '2024-01-02', type: 'buy', shares: 300, price: 1_200, portfolioId: 'b' }),
          tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 500, portfolioId: 'b', ticker: 'TLKM' }),
        ],
        prices: { BBCA: [['2024-06-28', 1_000]], TLKM: [['2024-06-28', 1_000]] },
        sectors: { BBCA: 'Keuangan' },
        asOf,
      }),
    );
    expect(r.holdings.byPortfolio.map((h) => [h.portfolioId, h.ticker, h.shares, h.weight])).toEqual([
      ['a', 'BBCA', 100, 1],
      ['b', 'BBCA', 300, 0.75],
      ['b', 'TLKM', 100, 0.25],
    ]);
    expect(r.holdings.combined.map((h) => [h.ticker, h.shares, h.remainingCost, h.averagePrice, h.weight])).toEqual([
      ['BBCA', 400, 460_000, 1_150, 0.8],
      ['TLKM', 100, 50_000, 500, 0.2],
    ]);
    expect(r.allocation.bySector).toEqual([
      { key: 'Keuangan', marketValue: 400_000, weight: 0.8 },
      { key: null, marketValue: 100_000, weight: 0.2 },
    ]);
    expect(r.allocation.byStock.map((s) => s.key)).toEqual(['BBCA', 'TLKM']);
  });
});

describe('change today (hand-computed)', () => {
  const buy = (ticker: string, shares: number, price: number) =>
    tx({ date: '2024-06-03', type: 'buy', ticker, shares, price, fee: 0 });

  it('values each holding at last close minus the previous session close, and sums them', () => {
    const r = computePortfolio(
      input({
        transactions: [buy('BBCA', 200, 9_000), buy('TLKM', 500, 3_000)],
        prices: {
          BBCA: [
            ['2024-06-26', 9_500],
            ['2024-06-27', 9_600],
            ['2024-06-28', 9_800],
          ],
          TLKM: [
            ['2024-06-26', 3_100],
            ['2024-06-27', 3_000],
          ],
        },
        asOf,
      }),
    );
    const [bbca, tlkm] = r.holdings.combined;
    // BBCA: 200 × (9 800 − 9 600) = +40 000, +2,0833 %; TLKM did not trade on the 28th: no change.
    expect(bbca).toMatchObject({ previousClose: 9_600, dayChange: 40_000 });
    expect(bbca!.dayChangePct).toBeCloseTo(200 / 9_600, 12);
    expect(tlkm).toMatchObject({ previousClose: 3_000, dayChange: 0, dayChangePct: 0 });
    // Previous value: 200 × 9 600 + 500 × 3 000 = 3 420 000
    expect(r.summary.dayChange).toBe(40_000);
    expect(r.summary.dayChangePct).toBeCloseTo(40_000 / 3_420_000, 12);
  });

  it('shows the last session change on a day without trading, and none without a previous close', () => {
    const r = computePortfolio(
      input({
        transactions: [buy('BBCA', 100, 9_000), buy('ASII', 100, 5_000)],
        prices: {
          BBCA: [
            ['2024-06-27', 9_600],
            ['2024-06-28', 9_500],
          ],
          ASII: [['2024-06-28', 5_100]],
        },
        asOf: '2024-06-30',
      }),
    );
    const [asii, bbca] = r.holdings.combined;
    expect(bbca).toMatchObject({ lastCloseDate: '2024-06-28', previousClose: 9_600, dayChange: -10_000 });
    expect(asii).toMatchObject({ previousClose: null, dayChange: null, dayChangePct: null });
    expect(r.summary.dayChange).toBe(-10_000);
    expect(r.summary.dayChangePct).toBeCloseTo(-10_000 / 960_000, 12);
  });
});
