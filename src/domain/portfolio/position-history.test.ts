import { describe, expect, it } from 'vitest';
import { positionHistory } from './position-history';
import { input, tx } from './test-support';

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
      { date: '2025-02-03', shares: 100, averagePrice: 9_014, cost: 901_400, value: 900_000 },
      { date: '2025-03-03', shares: 200, averagePrice: 9_265, cost: 1_853_000, value: 1_900_000 },
      { date: '2025-06-02', shares: 100, averagePrice: 9_265, cost: 926_500, value: 1_000_000 },
      // 1:5 split: 500 shares, the same cost, 1 853 per share.
      { date: '2025-12-31', shares: 500, averagePrice: 1_853, cost: 926_500, value: 1_000_000 },
    ]);
  });
});
