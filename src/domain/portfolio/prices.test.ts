import { describe, expect, it } from 'vitest';
import { computePortfolio } from './engine';
import { buildPriceTable, tradingDays } from './prices';
import { closes, input, tx } from './test-support';

describe('valuation calendar and aligned closes', () => {
  const ihsg = closes([
    ['2024-01-02', 7_000],
    ['2024-01-03', 7_010],
    ['2024-01-05', 7_020],
  ]);
  const prices = new Map([
    [
      'BBCA',
      closes([
        ['2023-12-29', 9_000],
        ['2024-01-03', 9_100],
        ['2024-01-04', 9_200],
      ]),
    ],
    ['TLKM', closes([['2024-01-03', 3_900]])],
  ]);

  it('takes every trading day of the IHSG and the tickers within the range', () => {
    expect(tradingDays(ihsg, prices, ['BBCA', 'TLKM'], '2024-01-03', '2024-01-05')).toEqual([
      '2024-01-03',
      '2024-01-04',
      '2024-01-05',
    ]);
    expect(tradingDays([], prices, ['BBCA'], '2023-12-01', '2024-01-03')).toEqual(['2023-12-29', '2024-01-03']);
  });

  it('carries the last close forward and leaves NaN before the first', () => {
    const table = buildPriceTable(prices, ['BBCA', 'TLKM'], ['2024-01-02', '2024-01-03', '2024-01-05']);
    expect([...table.closes]).toEqual([9_000, NaN, 9_100, 3_900, 9_200, 3_900]);
    expect(table.lastCloseDates).toEqual(['2024-01-04', '2024-01-03']);
  });

  it('values a ticker without any close at cost, and adds the as-of date after a late trade', () => {
    const r = computePortfolio(
      input({
        transactions: [
          tx({ ticker: 'GOTO', date: '2024-01-02', type: 'buy', shares: 1_000, price: 86, fee: 13 }),
          tx({ ticker: 'GOTO', date: '2024-01-06', type: 'buy', shares: 1_000, price: 90 }),
        ],
        ihsg: [
          ['2024-01-02', 7_000],
          ['2024-01-05', 7_100],
        ],
        asOf: '2024-01-07',
      }),
    );
    expect(r.series.map((p) => [p.date, p.value])).toEqual([
      ['2024-01-02', 86_013],
      ['2024-01-05', 86_013],
      ['2024-01-07', 176_013],
    ]);
    expect(r.holdings.combined[0]).toMatchObject({ lastClose: null, marketValue: 176_013, unrealised: 0 });
  });
});
