import { TickMarkType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { formatChartTime, formatTickMark } from './chart-theme';

describe('chart axis in Indonesian', () => {
  it.each([
    ['2026-09-01', TickMarkType.Month, 'Sep'],
    ['2026-08-03', TickMarkType.Month, 'Agu'],
    ['2026-01-02', TickMarkType.Year, '2026'],
    ['2026-09-15', TickMarkType.DayOfMonth, '15'],
  ])('%s as %s → %s', (time, type, text) => {
    expect(formatTickMark(time, type)).toBe(text);
  });

  it('formats crosshair dates from strings, business days and timestamps', () => {
    expect(formatChartTime('2026-11-20')).toBe('20 Nov 2026');
    expect(formatChartTime({ year: 2026, month: 5, day: 4 })).toBe('4 Mei 2026');
    expect(formatChartTime((Date.UTC(2026, 9, 1) / 1000) as never)).toBe('1 Okt 2026');
  });
});
