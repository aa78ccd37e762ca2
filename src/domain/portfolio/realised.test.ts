import { describe, expect, it } from 'vitest';
import { computePortfolio } from './engine';
import { breakEvenSellPrice, realisedByYear, realisedRows } from './realised';
import { input, tx } from './test-support';

// The BBCA case: buy 100 @ 9 000 fee 1 400, buy 100 @ 9 500 fee 1 600, sell 100 @ 10 000 fee 2 500.
const bbca = [
  tx({ id: 'b1', date: '2025-02-03', type: 'buy', shares: 100, price: 9_000, fee: 1_400 }),
  tx({ id: 'b2', date: '2025-03-03', type: 'buy', shares: 100, price: 9_500, fee: 1_600 }),
  tx({ id: 's1', date: '2025-06-02', type: 'sell', shares: 100, price: 10_000, fee: 2_500 }),
];

describe('realised gains per sale', () => {
  const report = computePortfolio(input({ transactions: bbca, asOf: '2025-12-31' }));
  const rows = realisedRows(report.realised.sells, bbca);

  it('pins the BBCA case: cost removed 926 500, realised 71 000, 100 shares left at 9 265', () => {
    // Cost 900 000 + 1 400 + 950 000 + 1 600 = 1 853 000 for 200 shares; half leaves with the sale.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transactionId: 's1', shares: 100, proceeds: 997_500, costRemoved: 926_500 });
    expect(rows[0]!.realised).toBe(71_000);
    expect(rows[0]!.realisedPct).toBeCloseTo(71_000 / 926_500, 12);
    expect(rows[0]).toMatchObject({ openedOn: '2025-02-03', holdingDays: 119 });
    const h = report.holdings.combined[0]!;
    expect(h).toMatchObject({ shares: 100, remainingCost: 926_500, averagePrice: 9_265 });
  });

  it('totals per year, newest first', () => {
    const more = [...bbca, tx({ id: 's2', date: '2026-01-05', type: 'sell', shares: 50, price: 9_000, fee: 1_125 })];
    const r = computePortfolio(input({ transactions: more, asOf: '2026-01-31' }));
    const years = realisedByYear(realisedRows(r.realised.sells, more));
    // The second sale removes 926 500 × 50 / 100 = 463 250 and brings 450 000 − 1 125.
    expect(years).toEqual([
      { year: 2026, sells: 1, proceeds: 448_875, costRemoved: 463_250, realised: -14_375 },
      { year: 2025, sells: 1, proceeds: 997_500, costRemoved: 926_500, realised: 71_000 },
    ]);
  });

  it('restarts the holding period after the position was closed', () => {
    const trades = [
      tx({ id: 'a', date: '2024-01-02', type: 'buy', shares: 100, price: 1_000 }),
      tx({ id: 'b', date: '2024-02-01', type: 'sell', shares: 100, price: 1_100 }),
      tx({ id: 'c', date: '2024-03-01', type: 'buy', shares: 100, price: 1_000 }),
      tx({ id: 'd', date: '2024-03-11', type: 'sell', shares: 100, price: 1_100 }),
    ];
    const r = computePortfolio(input({ transactions: trades, asOf: '2024-12-31' }));
    const byId = new Map(realisedRows(r.realised.sells, trades).map((row) => [row.transactionId, row]));
    expect(byId.get('b')).toMatchObject({ openedOn: '2024-01-02', holdingDays: 30 });
    expect(byId.get('d')).toMatchObject({ openedOn: '2024-03-01', holdingDays: 10 });
  });
});

describe('breakEvenSellPrice', () => {
  it('is the next tick at or above 9 265 ÷ (1 − 0,25 %) for the BBCA holding', () => {
    // 9 265 ÷ 0,9975 = 9 288,22…; ticks are Rp 25 from Rp 5 000: 9 300.
    expect(breakEvenSellPrice(926_500, 100, 25)).toBe(9_300);
  });

  it('stays on an exact tick and is null without shares', () => {
    // 997 500 ÷ 100 ÷ 0,9975 = 10 000 exactly.
    expect(breakEvenSellPrice(997_500, 100, 25)).toBe(10_000);
    expect(breakEvenSellPrice(0, 0, 25)).toBeNull();
  });
});
