import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  isTradingDay,
  offCalendarDays,
  parseHolidays,
  parseTimeOfDay,
  planUpdate,
  recentTradingDays,
} from './market-calendar';

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

describe('days the market has prices for but the calendar closes', () => {
  it('names a Saturday session and a listed holiday, and passes ordinary days', () => {
    const holidays = new Map([['2021-02-12', 'Tahun Baru Imlek 2572']]);
    expect(offCalendarDays(['2021-05-21', '2021-05-22', '2021-02-12', '2021-05-23'], holidays)).toEqual([
      { date: '2021-05-22', reason: 'Sabtu' },
      { date: '2021-02-12', reason: 'libur bursa: Tahun Baru Imlek 2572' },
      { date: '2021-05-23', reason: 'Minggu' },
    ]);
  });
});

describe('the repository calendar in 2021', () => {
  const file = parseHolidays(readFileSync('market/idx-holidays.csv', 'utf8'));
  const holidays = new Set(file.holidays.map((h) => h.date));
  it('closes on Imlek (2021-02-12) and Lebaran (12–14 May), and plans no update for them', () => {
    expect(file.errors).toEqual([]);
    for (const d of ['2021-02-12', '2021-05-12', '2021-05-13', '2021-05-14'])
      expect(isTradingDay(d, holidays)).toBe(false);
    const plan = planUpdate(new Date('2021-02-15T12:00:00Z'), {
      holidays,
      closeAt: 17 * 60,
      deadline: 20 * 60,
      daysBack: 3,
    });
    expect(plan.days).toEqual(['2021-02-10', '2021-02-11', '2021-02-15']);
  });
  it('trades on the days IDX reopened when cuti bersama was cut or moved (12 March, 24 and 27 December)', () => {
    for (const d of ['2021-03-12', '2021-12-24', '2021-12-27', '2021-05-17'])
      expect(isTradingDay(d, holidays)).toBe(true);
  });
});

describe('the repository calendar in 2020 and 2022', () => {
  const file = parseHolidays(readFileSync('market/idx-holidays.csv', 'utf8'));
  const holidays = new Set(file.holidays.map((h) => h.date));
  const tradingDays = (year: number) => {
    let n = 0;
    for (let d = `${year}-01-01`; d <= `${year}-12-31`; d = addDays(d, 1)) if (isTradingDay(d, holidays)) n++;
    return n;
  };
  it('closes on the cuti bersama IDX kept or moved in 2020, and trades on the ones it moved away', () => {
    expect(file.errors).toEqual([]);
    // Lebaran: 22 and 25 May closed; the cuti bersama of 26–29 May moved to the year end, then cut to 31 December.
    for (const d of ['2020-05-22', '2020-05-25', '2020-10-28', '2020-12-09', '2020-12-31'])
      expect(isTradingDay(d, holidays), d).toBe(false);
    for (const d of ['2020-05-26', '2020-05-29', '2020-12-28', '2020-12-30'])
      expect(isTradingDay(d, holidays), d).toBe(true);
    // IDX: 242 trading days in 2020 (Peng-00367/BEI.POP/12-2020).
    expect(tradingDays(2020)).toBe(242);
  });
  it('closes for Lebaran 2022 from 29 April to 6 May and reopens on 9 May', () => {
    for (const d of ['2022-04-29', '2022-05-02', '2022-05-04', '2022-05-06'])
      expect(isTradingDay(d, holidays), d).toBe(false);
    expect(isTradingDay('2022-05-09', holidays)).toBe(true);
    const plan = planUpdate(new Date('2022-05-09T12:00:00Z'), {
      holidays,
      closeAt: 17 * 60,
      deadline: 20 * 60,
      daysBack: 3,
    });
    expect(plan.days).toEqual(['2022-04-27', '2022-04-28', '2022-05-09']);
  });
  it('counts the trading days IDX announced for 2023, 2025 and 2026', () => {
    expect(tradingDays(2023)).toBe(239);
    expect(tradingDays(2025)).toBe(236);
    expect(tradingDays(2026)).toBe(239);
  });
});
