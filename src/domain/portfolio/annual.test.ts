import { describe, expect, it } from 'vitest';
import { annualReport } from './annual';
import { computePortfolio } from './engine';
import { input, tx } from './test-support';

describe('annualReport', () => {
  const transactions = [
    tx({ id: 'b1', date: '2025-02-03', type: 'buy', shares: 100, price: 9_000, fee: 1_400 }),
    tx({ id: 'b2', date: '2025-03-03', type: 'buy', shares: 100, price: 9_500, fee: 1_600 }),
    tx({ id: 's1', date: '2025-06-02', type: 'sell', shares: 100, price: 10_000, fee: 2_500 }),
    tx({ id: 'x', date: '2026-01-05', type: 'sell', shares: 10, price: 9_800, fee: 245 }),
  ];
  const report = computePortfolio(
    input({
      transactions,
      prices: {
        BBCA: [
          ['2025-02-03', 9_000],
          ['2025-12-30', 9_800],
          ['2026-01-05', 9_800],
        ],
      },
      actions: [
        {
          ticker: 'BBCA',
          type: 'dividend',
          cumDate: '2025-03-14',
          exDate: '2025-03-17',
          paymentDate: '2025-04-10',
          amount: '270',
        },
      ],
      asOf: '2025-12-31',
    }),
  );
  const annual = annualReport(report, 2025);

  it('lists the year-end holding at cost and at the last close of the year', () => {
    expect(annual.holdings).toEqual([
      {
        ticker: 'BBCA',
        shares: 100,
        cost: 926_500,
        averagePrice: 9_265,
        lastClose: 9_800,
        lastCloseDate: '2025-12-30',
        marketValue: 980_000,
      },
    ]);
  });

  it('lists the dividends paid in the year with the tax withheld', () => {
    // 200 shares at the cum date × Rp 270 = 54 000, 10 % withheld.
    expect(annual.dividends).toEqual([
      expect.objectContaining({ paymentDate: '2025-04-10', shares: 200, gross: 54_000, tax: 5_400, net: 48_600 }),
    ]);
    expect(annual.totals.dividends).toEqual({ gross: 54_000, tax: 5_400, net: 48_600 });
  });

  it('lists the sales of the year with the 0,1 % final tax inside the fee', () => {
    expect(annual.sales).toHaveLength(1);
    expect(annual.sales[0]).toMatchObject({
      date: '2025-06-02',
      gross: 1_000_000,
      fee: 2_500,
      finalTax: 1_000,
      proceeds: 997_500,
      costRemoved: 926_500,
      realised: 71_000,
    });
    expect(annual.totals.sales).toMatchObject({ gross: 1_000_000, finalTax: 1_000, realised: 71_000 });
  });

  it('refuses a report not computed at the year end', () => {
    expect(() => annualReport({ ...report, asOf: '2025-12-30' }, 2025)).toThrow();
  });
});
