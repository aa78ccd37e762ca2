import { describe, expect, it } from 'vitest';
import {
  addDays,
  addDaysToInstant,
  addMonthsToDay,
  addMonthsWib,
  daysBetween,
  fromDayNumber,
  isIsoDay,
  toDayNumber,
  utcDay,
  wibDate,
  wibMidnight,
} from './dates';

describe('the WIB day of an instant', () => {
  it.each([
    ['2026-11-25T16:59:59.999Z', '2026-11-25', 'a millisecond before 17:00 UTC is still the same day'],
    ['2026-11-25T17:00:00.000Z', '2026-11-26', '17:00 UTC is midnight WIB'],
    ['2026-12-31T17:00:00.000Z', '2027-01-01', 'new year in WIB while UTC is still in the old one'],
    ['2024-02-28T17:00:00.000Z', '2024-02-29', 'leap day'],
    ['2026-06-15T00:00:00+07:00', '2026-06-15', 'midnight WIB written with its offset'],
  ])('%s → %s (%s)', (instant, day) => {
    expect(wibDate(new Date(instant))).toBe(day);
  });

  it('agrees with Intl in Asia/Jakarta', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2025, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
      expect(wibDate(new Date(t))).toBe(intl.format(new Date(t)));
    }
  });

  it('the instant a WIB day begins is 17:00 UTC of the day before', () => {
    expect(wibMidnight('2026-03-01').toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(wibDate(wibMidnight('2026-03-01'))).toBe('2026-03-01');
  });

  it('utcDay is the UTC date (YAML dates are UTC midnight)', () => {
    expect(utcDay(new Date('2026-11-25T23:59:59Z'))).toBe('2026-11-25');
    expect(utcDay(new Date('2026-11-25'))).toBe('2026-11-25');
  });
});

describe('ISO days', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-1-01', false],
    ['2026-13-01', false],
    ['', false],
  ])('%s is a calendar date: %s', (s, ok) => {
    expect(isIsoDay(s)).toBe(ok);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-11-26', -365, '2025-11-26'],
    ['2026-11-26', 0, '2026-11-26'],
  ])('addDays(%s, %i) = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(n);
  });

  it('day numbers count from 1970-01-01 and round-trip across leap years', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1969-12-31')).toBe(-1);
    expect(toDayNumber('2000-03-01') - toDayNumber('2000-02-28')).toBe(2);
    expect(toDayNumber('1900-03-01') - toDayNumber('1900-02-28')).toBe(1);
    for (let n = toDayNumber('1999-12-01'); n < toDayNumber('2029-01-01'); n += 1) {
      const day = fromDayNumber(n);
      expect(toDayNumber(day)).toBe(n);
      expect(Date.parse(`${day}T00:00:00Z`)).toBe(n * 86_400_000);
    }
  });

  it.each(['2026-11-2', '2026/11/26', '2026-00-10', '2026-11-32', 'kemarin'])('%s is no day number', (s) => {
    expect(() => toDayNumber(s)).toThrow(RangeError);
  });
});

describe('calendar months', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28', 'month end clamps'],
    ['2024-01-31', 1, '2024-02-29', 'to the leap day'],
    ['2024-02-29', -12, '2023-02-28', 'a year before a leap day'],
    ['2024-02-29', 48, '2028-02-29', 'four years after a leap day'],
    ['2026-03-31', -1, '2026-02-28', 'backwards to February'],
    ['2024-03-31', -1, '2024-02-29', 'backwards to the leap day'],
    ['2026-11-26', -36, '2023-11-26', 'three years back'],
    ['2026-12-15', 1, '2027-01-15', 'across the new year'],
  ])('addMonthsToDay(%s, %i) = %s (%s)', (day, months, expected) => {
    expect(addMonthsToDay(day, months)).toBe(expected);
  });

  it('counts months of an instant in WIB, not UTC', () => {
    // 31 January 00:30 WIB is still 30 January in UTC; one WIB month later is 28 February 00:30 WIB.
    const from = new Date('2026-01-30T17:30:00Z');
    expect(addMonthsWib(from, 1).toISOString()).toBe('2026-02-27T17:30:00.000Z');
    expect(wibDate(addMonthsWib(from, 1))).toBe('2026-02-28');
    expect(wibDate(addMonthsWib(new Date('2024-01-30T17:30:00Z'), 1))).toBe('2024-02-29');
    expect(addMonthsWib(new Date('2026-05-10T03:00:00Z'), 12).toISOString()).toBe('2027-05-10T03:00:00.000Z');
  });

  it('adds whole days to an instant', () => {
    expect(addDaysToInstant(new Date('2026-11-26T10:00:00Z'), 7).toISOString()).toBe('2026-12-03T10:00:00.000Z');
    expect(addDaysToInstant(new Date('2026-11-26T10:00:00Z'), -1).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });
});
