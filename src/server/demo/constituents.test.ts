import { describe, expect, it } from 'vitest';
import { demoConstituents, EFFECTIVE_MONTHS, periodStartOn } from './constituents';
import { isTradingDay } from './calendar';
import { UNIVERSE } from './universe';

describe('demo index constituents', () => {
  it('starts a period on the first trading day of an effective month', () => {
    // 1 Nov 2026 is a Sunday; 1 Feb 2026 too.
    expect(periodStartOn('2026-11-20', EFFECTIVE_MONTHS.LQ45)).toBe('2026-11-02');
    expect(periodStartOn('2026-11-01', EFFECTIVE_MONTHS.LQ45)).toBe('2026-08-03');
    expect(periodStartOn('2026-03-10', EFFECTIVE_MONTHS.IDX30)).toBe('2026-02-02');
    const jii = periodStartOn('2026-11-20', EFFECTIVE_MONTHS.JII);
    expect(jii.slice(0, 7)).toBe('2026-06');
    expect(isTradingDay(jii)).toBe(true);
    expect(periodStartOn('2026-01-15', EFFECTIVE_MONTHS.JII).slice(0, 7)).toBe('2025-12');
  });

  it('lists the largest demo companies, IDX30 within LQ45, JII without conventional banks or tobacco', () => {
    const rows = demoConstituents(UNIVERSE, '2026-11-20');
    const of = (code: string) => rows.filter((r) => r.indexCode === code).map((r) => r.ticker);
    expect(of('LQ45')).toHaveLength(25);
    expect(of('IDX30')).toHaveLength(12);
    expect(of('JII')).toHaveLength(15);
    expect(of('IDX30').every((t) => of('LQ45').includes(t))).toBe(true);
    expect(of('LQ45')).toContain('BBCA');
    expect(of('JII')).not.toContain('BBCA');
    expect(of('JII')).not.toContain('HMSP');
    expect(new Set(rows.filter((r) => r.indexCode === 'LQ45').map((r) => r.effectiveDate))).toEqual(
      new Set(['2026-11-02']),
    );
    expect(demoConstituents(UNIVERSE, '2026-11-20')).toEqual(rows);
  });
});
