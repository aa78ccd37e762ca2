import { describe, expect, it } from 'vitest';
import { toDayNumber } from '../dates';
import { computePortfolio } from './engine';
import { annualise, chainIndex, dailyReturns, maxDrawdown, volatility, xirr } from './returns';
import { input, tx } from './test-support';

describe('XIRR', () => {
  it('matches the Microsoft Excel XIRR documentation example (0.373362535)', () => {
    const days = ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01'].map(toDayNumber);
    expect(xirr(days, [-10_000, 2_750, 4_250, 3_250, 2_750])).toBeCloseTo(0.373362535, 8);
  });

  it('falls back to bracketing and bisection when Newton cannot run', () => {
    const days = ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01'].map(toDayNumber);
    // At a guess of −100 % every discount factor is infinite, so Newton gives up at once.
    expect(xirr(days, [-10_000, 2_750, 4_250, 3_250, 2_750], -1)).toBeCloseTo(0.373362535, 8);
  });

  it('finds a near-total loss', () => {
    // −1 000 then 1 after one year: r = −99,9 %
    expect(xirr([0, 365], [-1_000, 1])).toBeCloseTo(-0.999, 9);
  });

  it('is 10 % for 10 % over exactly 365 days, and null without both signs', () => {
    expect(xirr([0, 365], [-100, 110])).toBeCloseTo(0.1, 12);
    expect(xirr([0, 365], [100, 110])).toBeNull();
  });
});

describe('drawdown, volatility, annualisation', () => {
  it('measures the deepest fall from a running peak', () => {
    // peak 1,1 → trough 0,88: −20 %
    expect(maxDrawdown([1.1, 0.99, 1.045, 0.88, 1.2])).toEqual({ depth: expect.closeTo(0.2, 12), peak: 0, trough: 3 });
    // falling from the start: the base 1 is the peak
    expect(maxDrawdown([0.9, 0.95])).toEqual({ depth: expect.closeTo(0.1, 12), peak: -1, trough: 0 });
    expect(maxDrawdown([1, 1.1])!.depth).toBe(0);
  });

  it('annualises the sample standard deviation of daily returns with √252', () => {
    // mean 0,0025; squared deviations sum to 0,001475; sample variance 0,001475 / 3
    const returns = [0.01, -0.02, 0.03, -0.01];
    expect(volatility(returns)).toBeCloseTo(Math.sqrt(0.001475 / 3) * Math.sqrt(252), 12);
    expect(volatility([0.01, NaN, -0.02, NaN, 0.03, -0.01])).toBeCloseTo(Math.sqrt(0.001475 / 3) * Math.sqrt(252), 12);
    expect(volatility([0.01])).toBeNull();
  });

  it('annualises only periods of a year or more', () => {
    expect(annualise(0.21, 730)).toBeCloseTo(0.1, 12);
    expect(annualise(0.05, 200)).toBeNull();
  });

  it('chains daily returns, treating flows as entering at the start and leaving at the end of the day', () => {
    const r = dailyReturns([110, 0, 50], [100, 0, 40], [0, 121, 0]);
    expect([...r]).toEqual([0.1, 0.1, 0.25]);
    expect(chainIndex([0.1, NaN, -0.5])[2]).toBeCloseTo(0.55, 12);
  });
});

describe('time-weighted return with flows (hand-computed)', () => {
  const days = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
  const report = computePortfolio(
    input({
      transactions: [
        tx({ date: '2024-01-02', type: 'buy', shares: 100, price: 1_000 }),
        tx({ date: '2024-01-04', type: 'buy', shares: 100, price: 1_210 }),
        tx({ date: '2024-01-05', type: 'sell', shares: 100, price: 1_155 }),
      ],
      prices: {
        BBCA: [
          ['2023-12-29', 990],
          ['2024-01-02', 1_100],
          ['2024-01-03', 1_210],
          ['2024-01-04', 1_100],
          ['2024-01-05', 1_155],
        ],
      },
      ihsg: [
        ['2023-12-29', 7_000],
        ['2024-01-02', 7_070],
        ['2024-01-03', 7_000],
        ['2024-01-04', 6_930],
        ['2024-01-05', 7_140],
      ],
      asOf: '2024-01-05',
    }),
  );

  it('values each day and records its flows', () => {
    expect(report.series.map((p) => [p.date, p.value, p.inflow, p.outflow, p.netFlow, p.cost])).toEqual([
      [days[0], 110_000, 100_000, 0, 100_000, 100_000],
      [days[1], 121_000, 0, 0, 0, 100_000],
      [days[2], 220_000, 121_000, 0, 121_000, 221_000],
      [days[3], 115_500, 0, 115_500, -115_500, 110_500],
    ]);
  });

  it('chains the daily sub-period returns', () => {
    // day 1: 110 000 / 100 000 − 1 = 10 %; day 2: 10 %;
    // day 3: (220 000 − 121 000 − 121 000) / (121 000 + 121 000) = −1/11;
    // day 4: (115 500 + 115 500 − 220 000) / 220 000 = 5 %; chained: 1,1 × 1,1 × 10/11 × 1,05 − 1 = 15,5 %
    const r = report.series.map((p) => p.dailyReturn!);
    [0.1, 0.1, -1 / 11, 0.05].forEach((x, i) => expect(r[i]).toBeCloseTo(x, 12));
    expect(report.performance.timeWeightedReturn).toBeCloseTo(0.155, 12);
    expect(report.performance.annualisedReturn).toBeNull();
    expect(report.performance.maxDrawdown).toEqual({
      depth: expect.closeTo(1 / 11, 12),
      peakDate: days[1],
      troughDate: days[2],
    });
  });

  it('indexes the IHSG over the same dates from the close before the first day', () => {
    expect(report.performance.comparison.map((c) => [c.date, c.portfolio, c.ihsg])).toEqual([
      [days[0], expect.closeTo(1.1, 12), expect.closeTo(1.01, 12)],
      [days[1], expect.closeTo(1.21, 12), expect.closeTo(1, 12)],
      [days[2], expect.closeTo(1.1, 12), expect.closeTo(0.99, 12)],
      [days[3], expect.closeTo(1.155, 12), expect.closeTo(1.02, 12)],
    ]);
    expect(report.performance.ihsgReturn).toBeCloseTo(0.02, 12);
  });

  it('feeds XIRR with buys negative and the as-of value positive', () => {
    const days = [0, 2, 3].map((d) => toDayNumber('2024-01-02') + d);
    // flows: −100 000, −121 000, +115 500 proceeds + 115 500 value on the last day
    expect(report.performance.xirr).toBeCloseTo(xirr(days, [-100_000, -121_000, 231_000])!, 12);
    expect(report.realised.total.total).toBe(115_500 - 110_500);
  });
});

describe('XIRR through the engine', () => {
  it('is 10 % for a holding up 10 % after 365 days', () => {
    const r = computePortfolio(
      input({
        transactions: [tx({ date: '2023-01-02', type: 'buy', shares: 100, price: 1_000 })],
        prices: {
          BBCA: [
            ['2023-01-02', 1_000],
            ['2024-01-02', 1_100],
          ],
        },
        asOf: '2024-01-02',
      }),
    );
    expect(r.performance.xirr).toBeCloseTo(0.1, 10);
    expect(r.performance.timeWeightedReturn).toBeCloseTo(0.1, 12);
    // 365 days is a full year, so annualised equals the total
    expect(r.performance.annualisedReturn).toBeCloseTo(0.1, 12);
  });
});
