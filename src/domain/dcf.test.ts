import { describe, expect, it } from 'vitest';
import { dcf, DcfError, type DcfInput } from './dcf';

describe('dcf by hand', () => {
  it('two years at 10 % growth and 10 % discount, no terminal growth', () => {
    // FCF 110 and 121 discount to 100 each; TV = 121 / 0,1 = 1 210, discounted 1 210 / 1,21 = 1 000.
    const r = dcf({ fcfPerShare: 100, growth: 0.1, years: 2, discountRate: 0.1, terminalGrowth: 0 });
    expect(r.rows.map((row) => row.year)).toEqual([1, 2]);
    expect(r.rows[0]?.fcf).toBeCloseTo(110, 9);
    expect(r.rows[1]?.fcf).toBeCloseTo(121, 9);
    for (const row of r.rows) expect(row.presentValue).toBeCloseTo(100, 9);
    expect(r.explicitValue).toBeCloseTo(200, 9);
    expect(r.terminalValue).toBeCloseTo(1_210, 9);
    expect(r.terminalPresentValue).toBeCloseTo(1_000, 9);
    expect(r.value).toBeCloseTo(1_200, 9);
  });

  it('one year with terminal growth: 100 → 105; TV = 105 × 1,02 / 0,08', () => {
    const r = dcf({ fcfPerShare: 100, growth: 0.05, years: 1, discountRate: 0.1, terminalGrowth: 0.02 });
    expect(r.explicitValue).toBeCloseTo(105 / 1.1, 9);
    expect(r.terminalValue).toBeCloseTo(1_338.75, 9);
    expect(r.value).toBeCloseTo((105 + 1_338.75) / 1.1, 9);
  });

  const base: DcfInput = { fcfPerShare: 100, growth: 0.05, years: 10, discountRate: 0.1, terminalGrowth: 0.03 };
  it.each([
    [{ terminalGrowth: 0.1 }, 'terminalGrowth'],
    [{ fcfPerShare: 0 }, 'fcfPerShare'],
    [{ years: 0 }, 'years'],
    [{ years: 2.5 }, 'years'],
    [{ discountRate: Number.NaN }, 'discountRate'],
    [{ growth: -1 }, 'growth'],
  ] as [Partial<DcfInput>, keyof DcfInput][])('refuses %o naming %s', (patch, field) => {
    expect(() => dcf({ ...base, ...patch })).toThrow(DcfError);
    try {
      dcf({ ...base, ...patch });
    } catch (e) {
      expect((e as DcfError).field).toBe(field);
    }
  });
});
