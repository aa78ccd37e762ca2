import { describe, expect, it } from 'vitest';
import { paidAccessEnd, type PaidPeriod } from './membership-coverage';

const d = (s: string) => new Date(`${s}T10:00:00+07:00`);
const p = (tier: PaidPeriod['tier'], from: string, to: string): PaidPeriod => ({
  tier,
  startsAt: d(from),
  endsAt: d(to),
});
const NOW = d('2026-11-20');

describe('paidAccessEnd', () => {
  it.each([
    ['no periods', [], null],
    ['a period that ended', [p('premium', '2026-01-01', '2026-11-01')], null],
    ['a period that starts later only', [p('premium', '2026-12-01', '2027-01-01')], null],
    ['one covering period', [p('reguler', '2026-11-01', '2026-11-27')], { endsAt: d('2026-11-27'), tier: 'reguler' }],
    [
      'a renewal that starts where the current period ends',
      [
        p('reguler', '2026-12-27', '2027-01-27'),
        p('reguler', '2026-11-27', '2026-12-27'),
        p('reguler', '2026-10-27', '2026-11-27'),
      ],
      { endsAt: d('2027-01-27'), tier: 'reguler' },
    ],
    [
      'a renewal after a gap',
      [p('reguler', '2026-10-27', '2026-11-27'), p('reguler', '2026-11-28', '2026-12-28')],
      { endsAt: d('2026-11-27'), tier: 'reguler' },
    ],
    [
      'an upgrade that ends before the reguler period',
      [p('reguler', '2026-10-01', '2027-01-01'), p('premium', '2026-11-15', '2026-12-15')],
      { endsAt: d('2027-01-01'), tier: 'reguler' },
    ],
    [
      'premium to the end',
      [p('reguler', '2026-10-01', '2026-12-01'), p('premium', '2026-11-15', '2026-12-01')],
      { endsAt: d('2026-12-01'), tier: 'premium' },
    ],
  ] as const)('%s', (_name, periods, expected) => {
    expect(paidAccessEnd(periods as unknown as PaidPeriod[], NOW)).toEqual(expected);
  });
});
