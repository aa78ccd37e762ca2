import { describe, expect, it } from 'vitest';
import { countMovements, lastMonths, paymentKind, wibMonth } from './admin-overview';

describe('admin overview rules', () => {
  it('cuts months at midnight WIB', () => {
    // 30 Nov 17:30 UTC is 1 Dec 00:30 WIB.
    const m = wibMonth(new Date('2026-11-30T17:30:00Z'));
    expect(m.key).toBe('2026-12');
    expect(m.start.toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(m.end.toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(wibMonth(new Date('2026-11-30T16:59:00Z')).key).toBe('2026-11');
    expect(wibMonth(new Date('2026-01-15T00:00:00Z'), -1).key).toBe('2025-12');
    const twelve = lastMonths(new Date('2026-11-20T00:00:00Z'), 12);
    expect(twelve.map((x) => x.key)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
  });

  it.each([
    ['reguler', null, 'new'],
    ['premium', null, 'new'],
    ['reguler', 'reguler', 'renewed'],
    ['premium', 'premium', 'renewed'],
    ['reguler', 'premium', 'renewed'],
    ['premium', 'reguler', 'upgraded'],
  ] as const)('a %s payment after %s is %s', (tier, prev, kind) => {
    expect(paymentKind(tier, prev)).toBe(kind);
  });

  it('counts each member once per kind', () => {
    expect(
      countMovements([
        { userId: 'a', tier: 'reguler', previousTier: null },
        { userId: 'a', tier: 'reguler', previousTier: 'reguler' },
        { userId: 'a', tier: 'premium', previousTier: 'reguler' },
        { userId: 'b', tier: 'premium', previousTier: 'premium' },
        { userId: 'b', tier: 'premium', previousTier: 'premium' },
        { userId: null, tier: 'premium', previousTier: null },
      ]),
    ).toEqual({ new: 1, renewed: 2, upgraded: 1 });
  });
});
