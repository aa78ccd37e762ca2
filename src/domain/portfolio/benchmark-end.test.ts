import { describe, expect, it } from 'vitest';
import { computePortfolio } from './engine';
import { openingPeriod, periodMetrics, PERIODS } from './period';
import { input, tx } from './test-support';

// BBCA trades five days; the IHSG's data ends on the third. Held flat, the index would show +10 % to the
// end and pretend to know the last two days.
const report = computePortfolio(
  input({
    transactions: [tx({ date: '2021-03-01', type: 'buy', shares: 100, price: 1000 })],
    prices: {
      BBCA: [
        ['2021-03-01', 1000],
        ['2021-03-02', 1100],
        ['2021-03-03', 1200],
        ['2021-03-04', 1300],
        ['2021-03-05', 1400],
      ],
    },
    ihsg: [
      ['2021-02-26', 6000],
      ['2021-03-01', 6000],
      ['2021-03-02', 6300],
      ['2021-03-03', 6600],
    ],
    asOf: '2021-03-05',
  }),
);

describe('a benchmark whose data ends before the portfolio series', () => {
  it('stops the line at its last close and returns the change up to it, naming that date', () => {
    const perf = report.performance;
    expect(perf.comparison.map((c) => [c.date, c.ihsg])).toEqual([
      ['2021-03-01', 1],
      ['2021-03-02', 1.05],
      ['2021-03-03', 1.1],
      ['2021-03-04', null],
      ['2021-03-05', null],
    ]);
    // 6 600 / 6 000 − 1, by hand.
    expect(perf.ihsgReturn).toBeCloseTo(0.1, 12);
    expect(perf.benchmarkEnd).toBe('2021-03-03');
    // The portfolio itself runs to its last close: 1 400 / 1 000.
    expect(perf.comparison.at(-1)!.portfolio).toBeCloseTo(1.4, 12);
  });

  it('does the same inside a period, and names no end when the index covers the period', () => {
    const tail = periodMetrics(report, 'kustom', { from: '2021-03-03', to: null });
    // From the close of 2 March (6 300) to 3 March (6 600): +4,76 %; the chart's index ends on the 3rd.
    expect(tail.ihsgReturn).toBeCloseTo(6600 / 6300 - 1, 12);
    expect(tail.benchmarkEnd).toBe('2021-03-03');
    expect(tail.chart.map((c) => c.ihsg === null)).toEqual([false, true, true]);
    const head = periodMetrics(report, 'kustom', { from: null, to: '2021-03-02' });
    expect(head.ihsgReturn).toBeCloseTo(0.05, 12);
    expect(head.benchmarkEnd).toBeNull();
  });
});

describe('the period the metrics page opens on', () => {
  const measured = (asOf: string) => {
    const r = { ...report, asOf };
    return Object.fromEntries(PERIODS.map((p) => [p, periodMetrics(r, p)]));
  };

  it('is one year while the last year has data', () => {
    expect(openingPeriod(measured('2021-06-30'))).toBe('1t');
  });

  it('is the shortest longer period with data when the history ended years ago', () => {
    // As of late 2023 the last year is empty; three years reach back to March 2021.
    expect(openingPeriod(measured('2023-11-25'))).toBe('3t');
    // As of 2026 only "all" still holds the 2021 days.
    const periods = measured('2026-11-25');
    expect(periods['1t']!.startDate).toBeNull();
    expect(openingPeriod(periods)).toBe('semua');
  });
});
