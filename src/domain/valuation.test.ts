import { describe, expect, it } from 'vitest';
import {
  bandStats,
  changeFactor,
  dividendsTtm,
  dividendYieldTtm,
  epsTtm,
  latestBvps,
  marketCap,
  pbv,
  per,
  ratioHistory,
  roe,
  shareFactor,
  trailingQuarters,
  weeklyLast,
  yearsBefore,
  type CashDividend,
  type Quarter,
  type ShareChange,
} from './valuation';

// Five quarters of a bank-like company with 1 000 shares; figures chosen to be easy by hand.
const Q: Quarter[] = [
  { periodEnd: '2025-09-30', netIncome: 90_000, equity: 800_000, eps: 90, bvps: 800 },
  { periodEnd: '2025-12-31', netIncome: 100_000, equity: 850_000, eps: 100, bvps: 850 },
  { periodEnd: '2026-03-31', netIncome: 110_000, equity: 900_000, eps: 110, bvps: 900 },
  { periodEnd: '2026-06-30', netIncome: 120_000, equity: 950_000, eps: 120, bvps: 950 },
  { periodEnd: '2026-09-30', netIncome: 130_000, equity: 1_000_000, eps: 130, bvps: 1_000 },
];

describe('key figures by hand', () => {
  it('market cap = close × shares', () => {
    expect(marketCap(9_000, 123_275_050_000)).toBe(1_109_475_450_000_000);
  });

  it('EPS TTM sums the last four published quarters: 100 + 110 + 120 + 130 = 460', () => {
    expect(epsTtm(Q, [], '2026-11-20')).toBe(460);
    // On 2026-09-29 the September quarter is not out yet: 90 + 100 + 110 + 120 = 420.
    expect(epsTtm(Q, [], '2026-09-29')).toBe(420);
  });

  it('PER = close / EPS TTM: 9 200 / 460 = 20', () => {
    expect(per(9_200, epsTtm(Q, [], '2026-11-20'))).toBe(20);
  });

  it('PER is undefined for a loss or missing earnings', () => {
    expect(per(100, -5)).toBeNull();
    expect(per(100, 0)).toBeNull();
    expect(per(100, null)).toBeNull();
    expect(epsTtm(Q.slice(0, 3), [], '2026-11-20')).toBeNull();
  });

  it('PBV = close / latest BVPS: 2 500 / 1 000 = 2,5', () => {
    expect(pbv(2_500, latestBvps(Q, [], '2026-11-20'))).toBe(2.5);
    expect(pbv(2_500, latestBvps(Q, [], '2025-01-01'))).toBeNull();
  });

  it('ROE = TTM net income / average of equity a year earlier and now: 460 000 / 900 000', () => {
    const r = roe(Q, '2026-11-20');
    expect(r).toMatchObject({
      netIncomeTtm: 460_000,
      equityStart: 800_000,
      equityEnd: 1_000_000,
      averageEquity: 900_000,
    });
    expect(r?.roe).toBeCloseTo(0.511111, 6);
    // Without the quarter before the window there is no starting equity.
    expect(roe(Q.slice(1), '2026-11-20')).toBeNull();
  });

  it('dividend yield TTM counts ex dates in (asOf − 1 year, asOf]: (40 + 60) / 2 000 = 5 %', () => {
    const divs: CashDividend[] = [
      { exDate: '2025-11-20', amount: 999 }, // exactly one year before: outside
      { exDate: '2025-11-21', amount: 40 },
      { exDate: '2026-05-10', amount: 60 },
      { exDate: '2026-12-01', amount: 70 }, // future: outside
    ];
    expect(dividendsTtm(divs, [], '2026-11-20')).toBe(100);
    expect(dividendYieldTtm(divs, [], '2026-11-20', 2_000)).toBe(0.05);
  });
});

describe('share changes', () => {
  const split: ShareChange[] = [{ exDate: '2026-04-15', factor: 2 }];

  it('factors of split, reverse split and bonus rows', () => {
    expect(changeFactor('split', 1, 2)).toBe(2);
    expect(changeFactor('reverse_split', 5, 1)).toBe(0.2);
    expect(changeFactor('bonus', 10, 1)).toBeCloseTo(1.1);
  });

  it('applies only changes after the stated date and up to the as-of date', () => {
    expect(shareFactor(split, '2026-01-01', '2026-04-14')).toBe(1);
    expect(shareFactor(split, '2026-01-01', '2026-04-15')).toBe(2);
    expect(shareFactor(split, '2026-04-15', '2026-11-20')).toBe(1);
  });

  it('restates pre-split EPS: 100/2 + 110/2 + 120 + 130 = 355', () => {
    expect(epsTtm(Q, split, '2026-11-20')).toBe(355);
  });

  it('restates pre-split dividends: 60/2 + 25 = 55', () => {
    const divs = [
      { exDate: '2026-03-01', amount: 60 },
      { exDate: '2026-10-01', amount: 25 },
    ];
    expect(dividendsTtm(divs, split, '2026-11-20')).toBe(55);
  });

  it('keeps PER continuous across a split', () => {
    // Close halves on the ex date; EPS of earlier quarters halves with it.
    const quarters: Quarter[] = ['2025-06-30', '2025-09-30', '2025-12-31', '2026-03-31'].map((periodEnd) => ({
      periodEnd,
      netIncome: 100,
      equity: 1_000,
      eps: 100,
      bvps: 1_000,
    }));
    const history = ratioHistory(
      'per',
      [
        { date: '2026-04-14', close: 8_000 },
        { date: '2026-04-15', close: 4_000 },
      ],
      quarters,
      split,
    );
    expect(history.map((p) => p.value)).toEqual([20, 20]);
  });
});

describe('trailing quarters', () => {
  it('refuses four quarters with a gap', () => {
    const gap = [Q[0], Q[1], Q[2], Q[4]] as Quarter[];
    expect(trailingQuarters(gap, '2026-11-20')).toBeNull();
  });

  it('yearsBefore keeps the calendar date and clamps 29 February', () => {
    expect(yearsBefore('2026-11-20', 1)).toBe('2025-11-20');
    expect(yearsBefore('2028-02-29', 1)).toBe('2027-02-28');
  });
});

describe('bands', () => {
  it('mean, sample deviation and percentile of a PER history', () => {
    const s = bandStats([10, 12, 14, 16, 18].map((value, i) => ({ date: `2026-01-0${i + 1}`, value })));
    expect(s).toMatchObject({ count: 5, mean: 14, min: 10, max: 18, current: 18, percentile: 0.8 });
    // Σ(x − 14)² = 16 + 4 + 0 + 4 + 16 = 40; 40 / 4 = 10.
    expect(s?.sd).toBeCloseTo(Math.sqrt(10), 12);
    expect(bandStats([{ date: '2026-01-01', value: 1 }])).toBeNull();
  });

  it('ratio history skips days without enough quarters', () => {
    const h = ratioHistory(
      'per',
      [
        { date: '2026-06-29', close: 4_200 },
        { date: '2026-07-01', close: 4_200 },
      ],
      Q.slice(1),
      [],
    );
    // Without September 2025, four quarters (Dec–Sep) are known only from 2026-09-30.
    expect(h).toEqual([]);
    const h2 = ratioHistory('per', [{ date: '2026-10-01', close: 4_600 }], Q, []);
    expect(h2).toEqual([{ date: '2026-10-01', value: 10 }]);
  });

  it('weeklyLast keeps the last trading day of each Monday-based week', () => {
    const days = ['2026-11-09', '2026-11-13', '2026-11-16', '2026-11-20', '2026-11-23'].map((date) => ({ date }));
    expect(weeklyLast(days).map((d) => d.date)).toEqual(['2026-11-13', '2026-11-20', '2026-11-23']);
  });
});
