import { describe, expect, it } from 'vitest';
import { positionHistory } from './position-history';
import { input, tx } from './test-support';
import type { CorporateAction } from './types';

describe('positionHistory', () => {
  it('follows the BBCA case trade by trade, through a split, to as-of', () => {
    const transactions = [
      tx({ date: '2025-02-03', type: 'buy', shares: 100, price: 9_000, fee: 1_400 }),
      tx({ date: '2025-03-03', type: 'buy', shares: 100, price: 9_500, fee: 1_600 }),
      tx({ date: '2025-06-02', type: 'sell', shares: 100, price: 10_000, fee: 2_500 }),
      tx({ date: '2025-04-01', type: 'buy', shares: 100, price: 1_000, ticker: 'BBRI' }),
    ];
    const steps = positionHistory(
      input({
        transactions,
        prices: {
          BBCA: [
            ['2025-02-03', 9_000],
            ['2025-03-03', 9_500],
            ['2025-06-02', 10_000],
            ['2025-12-30', 2_000],
          ],
        },
        actions: [
          { ticker: 'BBCA', type: 'split', cumDate: '2025-09-30', exDate: '2025-10-01', ratioFrom: 1, ratioTo: 5 },
        ],
        asOf: '2025-12-31',
      }),
      'BBCA',
    );
    expect(steps).toEqual([
      { date: '2025-02-03', shares: 100, averagePrice: 9_014, cost: 901_400, value: 900_000, change: null },
      { date: '2025-03-03', shares: 200, averagePrice: 9_265, cost: 1_853_000, value: 1_900_000, change: null },
      { date: '2025-06-02', shares: 100, averagePrice: 9_265, cost: 926_500, value: 1_000_000, change: null },
      // The split's own row: 1:5 makes 500 shares of the same cost, 1 853 per share (valued at the
      // June close, the last one before it in this made-up series).
      {
        date: '2025-10-01',
        shares: 500,
        averagePrice: 1_853,
        cost: 926_500,
        value: 5_000_000,
        change: { date: '2025-10-01', type: 'split', ratioFrom: 1, ratioTo: 5, factor: 5, sharesBefore: 100 },
      },
      { date: '2025-12-31', shares: 500, averagePrice: 1_853, cost: 926_500, value: 1_000_000, change: null },
    ]);
  });

  it('shows the 1:5 BBCA split of 13 October 2021 as a row between the trades (numbers by hand)', () => {
    const transactions = [
      tx({ date: '2021-10-01', type: 'buy', shares: 100, price: 36_000 }),
      tx({ date: '2021-10-12', type: 'buy', shares: 100, price: 36_600 }),
      tx({ date: '2021-10-20', type: 'sell', shares: 500, price: 7_600 }),
    ];
    const split = {
      ticker: 'BBCA',
      type: 'split',
      cumDate: '2021-10-12',
      exDate: '2021-10-13',
      ratioFrom: 1,
      ratioTo: 5,
    };
    const steps = positionHistory(
      input({
        transactions,
        prices: {
          BBCA: [
            ['2021-10-01', 36_000],
            ['2021-10-12', 36_600],
            ['2021-10-13', 7_550],
            ['2021-10-20', 7_600],
            ['2021-10-29', 7_500],
          ],
        },
        actions: [split as CorporateAction],
        asOf: '2021-10-29',
      }),
      'BBCA',
    );
    expect(
      steps.map((s) => [s.date, s.shares, s.averagePrice, s.cost, s.value, s.change?.sharesBefore ?? null]),
    ).toEqual([
      ['2021-10-01', 100, 36_000, 3_600_000, 3_600_000, null],
      // (3 600 000 + 3 660 000) / 200 = 36 300; valued at 200 × 36 600.
      ['2021-10-12', 200, 36_300, 7_260_000, 7_320_000, null],
      // 200 shares become 1 000 at the same cost: 7 260 000 / 1 000 = 7 260; 1 000 × 7 550.
      ['2021-10-13', 1_000, 7_260, 7_260_000, 7_550_000, 200],
      // Selling 500 removes 500 × 7 260 of the cost; 500 × 7 600.
      ['2021-10-20', 500, 7_260, 3_630_000, 3_800_000, null],
      ['2021-10-29', 500, 7_260, 3_630_000, 3_750_000, null],
    ]);
  });

  it('leaves out a split that happened while nothing was held', () => {
    const steps = positionHistory(
      input({
        transactions: [
          tx({ date: '2021-09-01', type: 'buy', shares: 100, price: 36_000 }),
          tx({ date: '2021-09-02', type: 'sell', shares: 100, price: 36_100 }),
        ],
        prices: {
          BBCA: [
            ['2021-09-01', 36_000],
            ['2021-09-02', 36_100],
            ['2021-10-13', 7_550],
          ],
        },
        actions: [
          { ticker: 'BBCA', type: 'split', cumDate: '2021-10-12', exDate: '2021-10-13', ratioFrom: 1, ratioTo: 5 },
        ],
        asOf: '2021-10-29',
      }),
      'BBCA',
    );
    expect(steps.map((s) => s.date)).toEqual(['2021-09-01', '2021-09-02', '2021-10-29']);
  });
});
