import { TickMarkType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { formatTickMark } from './chart-theme';

describe('chart axis in Indonesian', () => {
  it.each([
    ['2026-09-01', TickMarkType.Month, 'Sep'],
    ['2026-08-03', TickMarkType.Month, 'Agu'],
    ['2026-01-02', TickMarkType.Year, '2026'],
    ['2026-09-15', TickMarkType.DayOfMonth, '15 Sep'],
  ])('%s as %s → %s', (time, type, text) => {
    expect(formatTickMark(time, type)).toBe(text);
  });
});
