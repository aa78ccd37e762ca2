import { describe, expect, it } from 'vitest';
import { formatChartTime, tickLabel } from './chart-time';

describe('chart dates in Indonesian', () => {
  it.each([
    ['2026-09-01', 'month', 'Sep'],
    ['2026-08-03', 'month', 'Agu'],
    ['2026-01-02', 'year', '2026'],
    ['2026-09-02', 'day', '2 Sep'],
  ] as const)('%s as a %s tick → %s', (time, kind, text) => {
    expect(tickLabel(time, kind)).toBe(text);
  });

  it('reads strings, business days and timestamps alike', () => {
    expect(formatChartTime('2026-11-20')).toBe('20 Nov 2026');
    expect(formatChartTime({ year: 2026, month: 5, day: 4 })).toBe('4 Mei 2026');
    expect(formatChartTime(Date.UTC(2026, 9, 1) / 1000)).toBe('1 Okt 2026');
  });
});
