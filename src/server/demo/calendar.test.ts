import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates';
import {
  addTradingDays,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  tradingDayOnOrBefore,
  tradingDays,
} from './calendar';

describe('trading calendar', () => {
  it.each([
    ['2025-08-16', false, 'Saturday'],
    ['2025-08-17', false, 'Sunday'],
    ['2023-08-17', false, 'Kemerdekaan on a Thursday'],
    ['2026-08-17', false, 'Kemerdekaan on a Monday'],
    ['2024-12-25', false, 'Natal'],
    ['2025-04-01', false, 'Idul Fitri'],
    ['2024-06-03', true, 'an ordinary Monday'],
  ])('%s is a trading day: %s (%s)', (date, expected) => {
    expect(isTradingDay(date)).toBe(expected);
  });

  it('lists trading days inclusively, without weekends or 17 August', () => {
    const days = tradingDays('2023-08-14', '2023-08-21');
    expect(days).toEqual(['2023-08-14', '2023-08-15', '2023-08-16', '2023-08-18', '2023-08-21']);
    expect(tradingDays('2023-01-01', '2026-12-31').every((d) => isTradingDay(d))).toBe(true);
    expect(tradingDays('2024-01-01', '2024-12-31').length).toBeGreaterThan(235);
    expect(tradingDays('2024-02-01', '2024-01-01')).toEqual([]);
  });

  it('steps over weekends and holidays', () => {
    expect(nextTradingDay('2023-08-16')).toBe('2023-08-18');
    expect(nextTradingDay('2024-06-14')).toBe('2024-06-19'); // weekend, Idul Adha and cuti bersama
    expect(previousTradingDay('2023-08-18')).toBe('2023-08-16');
    expect(addTradingDays('2024-06-03', 5)).toBe('2024-06-10');
    expect(addTradingDays('2024-06-10', -5)).toBe('2024-06-03');
    expect(addTradingDays('2024-06-08', 0)).toBe('2024-06-08');
    expect(tradingDayOnOrBefore('2024-06-09')).toBe('2024-06-07');
    expect(tradingDayOnOrBefore('2024-06-07')).toBe('2024-06-07');
  });

  it('does calendar arithmetic on plain dates and rejects malformed ones', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(() => isTradingDay('2024-13-01')).toThrow(RangeError);
    expect(() => isTradingDay('17/08/2024')).toThrow(RangeError);
  });
});
