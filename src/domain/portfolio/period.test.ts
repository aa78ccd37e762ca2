import { describe, expect, it } from 'vitest';
import { toDayNumber } from '../dates';
import { computePortfolio } from './engine';
import { periodMetrics, periodStart } from './period';
import { input, tx } from './test-support';

describe('periodStart', () => {
  it.each([
    ['ytd', '2026-11-20', '2026-01-01'],
    ['1t', '2026-11-20', '2025-11-21'],
    ['3t', '2026-11-20', '2023-11-21'],
    ['1t', '2024-02-29', '2023-03-01'],
    ['1b', '2026-11-20', '2026-10-21'],
    ['1b', '2026-03-31', '2026-03-01'],
    ['3b', '2026-11-20', '2026-08-21'],
    ['3b', '2026-01-15', '2025-10-16'],
    ['semua', '2026-11-20', null],
  ] as const)('%s ending %s starts %s', (period, asOf, start) => {
    expect(periodStart(period, asOf)).toBe(start);
  });
});

describe('periodMetrics', () => {
  // 100 shares at 1 000, worth 1 200 at the end of 2024; 100 more at 1 100 in March 2025.
  const report = computePortfolio(
    input({
      transactions: [
        tx({ date: '2024-06-03', type: 'buy', shares: 100, price: 1_000 }),
        tx({ date: '2025-03-03', type: 'buy', shares: 100, price: 1_100 }),
      ],
      prices: {
        BBCA: [
          ['2024-06-03', 1_000],
          ['2024-12-31', 1_200],
          ['2025-01-02', 1_100],
          ['2025-03-03', 1_100],
          ['2025-06-30', 1_320],
        ],
      },
      ihsg: [
        ['2024-06-03', 7_000],
        ['2024-12-31', 7_000],
        ['2025-01-02', 7_070],
        ['2025-03-03', 7_000],
        ['2025-06-30', 7_350],
      ],
      asOf: '2025-06-30',
    }),
  );

  it('measures the year to date from the value at the end of last year', () => {
    const m = periodMetrics(report, 'ytd');
    expect(m).toMatchObject({ startDate: '2025-01-02', endDate: '2025-06-30', startValue: 120_000, endValue: 264_000 });
    expect(m).toMatchObject({ inflow: 110_000, outflow: 0, gain: 34_000 });
    expect(m.simpleGainOnCost).toBeCloseTo(34_000 / 230_000, 12);
    // Daily returns −1/12, 0, +20 %: (11/12) × 1,2 − 1 = 10 %.
    expect(m.timeWeightedReturn).toBeCloseTo(0.1, 12);
    expect(m.ihsgReturn).toBeCloseTo(0.05, 12);
    expect(m.annualisedReturn).toBeNull();
    expect(m.maxDrawdown?.depth).toBeCloseTo(1 / 12, 12);
    expect(m.maxDrawdown).toMatchObject({ peakDate: null, troughDate: '2025-01-02' });
    expect(m.chart.map((c) => c.date)).toEqual(['2025-01-02', '2025-03-03', '2025-06-30']);
    expect(m.chart[2]!.portfolio).toBeCloseTo(1.1, 12);
    // XIRR: −120 000 on 31 Dec, −110 000 on 3 Mar, +264 000 on 30 Jun discount to zero.
    const r = m.xirr!;
    const npv = [
      [-120_000, '2024-12-31'],
      [-110_000, '2025-03-03'],
      [264_000, '2025-06-30'],
    ].reduce(
      (s, [a, d]) => s + (a as number) / Math.pow(1 + r, (toDayNumber(d as string) - toDayNumber('2024-12-31')) / 365),
      0,
    );
    expect(Math.abs(npv)).toBeLessThan(1e-6);
  });

  it('uses the engine figures for all history and rebases nothing', () => {
    const m = periodMetrics(report, 'semua');
    expect(m.startValue).toBe(0);
    expect(m.gain).toBe(264_000 - 210_000);
    expect(m.timeWeightedReturn).toBe(report.performance.timeWeightedReturn);
    expect(m.xirr).toBe(report.performance.xirr);
    expect(m.chart).toEqual(report.performance.comparison);
  });

  it('starts one year back from the last value before the period', () => {
    const m = periodMetrics(report, '1t');
    expect(m).toMatchObject({ startDate: '2024-12-31', startValue: 100_000, gain: 264_000 - 100_000 - 110_000 });
    expect(m.timeWeightedReturn).toBeCloseTo(1.2 * 1.1 - 1, 12);
  });

  it('is empty for a portfolio without days in the period', () => {
    const none = computePortfolio(input({ transactions: [], asOf: '2025-06-30' }));
    expect(periodMetrics(none, 'ytd')).toMatchObject({ startDate: null, gain: 0, timeWeightedReturn: null, chart: [] });
  });

  it('chains exactly the daily returns inside a custom range', () => {
    const m = periodMetrics(report, 'kustom', { from: '2025-01-01', to: '2025-03-03' });
    expect(m).toMatchObject({ period: 'kustom', startDate: '2025-01-02', endDate: '2025-03-03', endValue: 220_000 });
    const inside = report.series.filter((p) => p.date >= '2025-01-01' && p.date <= '2025-03-03');
    const chained = inside.reduce((acc, p) => acc * (1 + (p.dailyReturn ?? 0)), 1) - 1;
    expect(inside).toHaveLength(2);
    expect(m.timeWeightedReturn).toBeCloseTo(chained, 12);
    // 1 200 → 1 100 → 1 100: −1/12.
    expect(m.timeWeightedReturn).toBeCloseTo(-1 / 12, 12);
    expect(m.ihsgReturn).toBeCloseTo(0, 12);
    expect(m.chart.map((c) => c.date)).toEqual(['2025-01-02', '2025-03-03']);
  });

  it('is empty for a custom range without valuation days', () => {
    expect(periodMetrics(report, 'kustom', { from: '2025-04-01', to: '2025-05-01' }).startDate).toBeNull();
  });
});
