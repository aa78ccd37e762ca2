import { describe, expect, it } from 'vitest';
import { dataAge } from './data-age';

// Wednesday 2026-11-25, 10:00 and 18:00 WIB; the close is due from 17:00.
const MORNING = new Date('2026-11-25T10:00:00+07:00');
const EVENING = new Date('2026-11-25T18:00:00+07:00');
const opts = { holidays: new Set<string>(), closeAt: 17 * 60 };

describe('dataAge', () => {
  it.each([
    // Before the close the day before is due: Tuesday's close is current.
    ['2026-11-24', MORNING, '2026-11-24', 0, false],
    // After the close Wednesday's is due.
    ['2026-11-24', EVENING, '2026-11-25', 1, false],
    // Friday's close, on Wednesday evening: Monday, Tuesday, Wednesday are missing — 3, not yet stale.
    ['2026-11-20', EVENING, '2026-11-25', 3, false],
    // Thursday's close: Friday to Wednesday, 4 trading days (the weekend does not count) — stale.
    ['2026-11-19', EVENING, '2026-11-25', 4, true],
    ['2026-11-19', MORNING, '2026-11-24', 3, false],
  ])('last close %s at %s: due %s, %i behind, stale %s', (last, now, due, behind, stale) => {
    expect(dataAge(last, now, opts)).toEqual({ lastClose: last, due, behind, stale });
  });

  it('skips exchange holidays, both in what is due and in what is missing', () => {
    // Monday 23rd and Tuesday 24th closed: Wednesday morning, Friday 20th is the last due day.
    const holidays = new Set(['2026-11-23', '2026-11-24']);
    expect(dataAge('2026-11-19', MORNING, { ...opts, holidays })).toEqual({
      lastClose: '2026-11-19',
      due: '2026-11-20',
      behind: 1,
      stale: false,
    });
  });

  it('counts years of missing data (history that ends in 2021)', () => {
    const age = dataAge('2021-12-30', EVENING, opts);
    // 2021-12-31 … 2026-11-25, weekdays only (no holidays given): 1 279 trading days.
    expect(age.behind).toBe(1279);
    expect(age.stale).toBe(true);
  });
});
