import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, isTradingDay, parseHolidays, parseTimeOfDay, planUpdate, recentTradingDays } from './market-calendar';

const HOLIDAYS = new Set(['2026-11-25']);
const at = (wib: string) => new Date(`${wib}+07:00`);

describe('IDX trading days', () => {
  it.each([
    ['2026-11-20', true], // Friday
    ['2026-11-21', false], // Saturday
    ['2026-11-22', false], // Sunday
    ['2026-11-25', false], // listed holiday
    ['2026-11-26', true],
  ])('%s trades: %s', (day, trades) => expect(isTradingDay(day, HOLIDAYS)).toBe(trades));

  it('lists the most recent trading days oldest first, skipping weekends and holidays', () => {
    expect(recentTradingDays('2026-11-26', 5, HOLIDAYS)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-26',
    ]);
    const thirty = recentTradingDays('2026-11-26', 30, HOLIDAYS);
    expect(thirty).toHaveLength(30);
    expect(thirty.every((d) => isTradingDay(d, HOLIDAYS))).toBe(true);
  });

  it('adds days across month ends', () => expect(addDays('2026-11-30', 1)).toBe('2026-12-01'));
});

describe('update plan', () => {
  const opts = { holidays: HOLIDAYS, closeAt: 17 * 60, deadline: 20 * 60, daysBack: 3 };

  it('includes today only after the close', () => {
    expect(planUpdate(at('2026-11-26T16:59:00'), opts).days).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(planUpdate(at('2026-11-26T17:00:00'), opts).days).toEqual(['2026-11-23', '2026-11-24', '2026-11-26']);
  });

  it('calls a day overdue after its deadline, earlier days always', () => {
    const before = planUpdate(at('2026-11-26T19:59:00'), opts);
    expect([before.overdue('2026-11-26'), before.overdue('2026-11-24')]).toEqual([false, true]);
    expect(planUpdate(at('2026-11-26T20:00:00'), opts).overdue('2026-11-26')).toBe(true);
  });

  it('reads the WIB date of a UTC instant late in the evening', () => {
    // 2026-11-26 18:30 UTC is 01:30 WIB on the 27th.
    expect(planUpdate(new Date('2026-11-26T18:30:00Z'), opts).days.at(-1)).toBe('2026-11-26');
  });
});

describe('holiday file', () => {
  it('names the bad line', () => {
    expect(parseHolidays('date,name\n2026-11-25,Libur\n2026-02-30,Salah\n# note\n').errors).toEqual([
      'Baris 3: tanggal "2026-02-30" tidak valid (gunakan YYYY-MM-DD)',
    ]);
  });

  it('ships a calendar for this year and the next', () => {
    const { holidays, errors } = parseHolidays(readFileSync('market/idx-holidays.csv', 'utf8'));
    expect(errors).toEqual([]);
    const years = new Set(holidays.map((h) => h.date.slice(0, 4)));
    expect([years.has('2026'), years.has('2027')]).toEqual([true, true]);
    expect(holidays.find((h) => h.date === '2026-08-17')?.name).toBe('Hari Kemerdekaan RI');
  });

  it.each([
    ['17:00', 1020],
    ['7:05', 425],
    ['24:00', undefined],
    ['17.00', undefined],
  ])('time of day %s → %s', (text, minutes) => expect(parseTimeOfDay(text)).toBe(minutes));
});
