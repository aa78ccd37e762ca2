import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonthsWib, DAY_MS } from './dates';
import { schedulePasses, upgradeCreditDays, type Pass, type Purchase } from './membership-schedule';
import { oneMonthPrice, PERIODS, type PaidTier, type PeriodMonths } from './plans';

const wib = (s: string) => new Date(`${s}+07:00`);
const buy = (id: string, tier: PaidTier, months: PeriodMonths, paidAt: string): Purchase => ({
  id,
  tier,
  months,
  paidAt: wib(paidAt),
});
const span = (p: Pass) => [p.startsAt.toISOString(), p.endsAt.toISOString()];
const iso = (s: string) => wib(s).toISOString();

describe('addMonthsWib', () => {
  it.each([
    ['2026-11-20T10:00:00', 1, '2026-12-20T10:00:00'],
    ['2026-11-20T10:00:00', 12, '2027-11-20T10:00:00'],
    // 31 January 03:00 WIB is 30 January in UTC: the month end is taken in WIB.
    ['2027-01-31T03:00:00', 1, '2027-02-28T03:00:00'],
    ['2028-01-31T03:00:00', 1, '2028-02-29T03:00:00'],
  ])('%s + %i bulan = %s', (from, months, to) => {
    expect(addMonthsWib(wib(from), months).toISOString()).toBe(iso(to));
  });
});

describe('upgradeCreditDays', () => {
  it('converts unused days at the ratio of the 1-month prices, rounded down once', () => {
    const ratio = oneMonthPrice('reguler') / oneMonthPrice('premium');
    expect(upgradeCreditDays('premium', [{ tier: 'reguler', ms: 15 * DAY_MS }])).toBe(Math.floor(15 * ratio));
    expect(upgradeCreditDays('premium', [{ tier: 'reguler', ms: 100 * DAY_MS }])).toBe(49);
    expect(upgradeCreditDays('premium', [{ tier: 'reguler', ms: 0 }])).toBe(0);
    expect(upgradeCreditDays('premium', [{ tier: 'reguler', ms: -DAY_MS }])).toBe(0);
    // Two half-days add up before rounding.
    const half = ((1 / ratio) * DAY_MS) / 2;
    expect(
      upgradeCreditDays('premium', [
        { tier: 'reguler', ms: half },
        { tier: 'reguler', ms: half },
      ]),
    ).toBe(1);
  });
});

describe('schedulePasses', () => {
  it('starts a first pass at payment and lasts the calendar months', () => {
    const [p] = schedulePasses([buy('a', 'reguler', 1, '2026-11-20T10:00:00')], []);
    expect(span(p!)).toEqual([iso('2026-11-20T10:00:00'), iso('2026-12-20T10:00:00')]);
    expect(p!.kind).toBe('starts-now');
  });

  it('extends a renewal from the current end date, also across several passes', () => {
    const passes = schedulePasses(
      [
        buy('a', 'reguler', 1, '2026-11-20T10:00:00'),
        buy('b', 'reguler', 3, '2026-11-25T08:00:00'),
        buy('c', 'reguler', 1, '2026-11-26T08:00:00'),
      ],
      [],
    );
    expect(passes.map(span)).toEqual([
      [iso('2026-11-20T10:00:00'), iso('2026-12-20T10:00:00')],
      [iso('2026-12-20T10:00:00'), iso('2027-03-20T10:00:00')],
      [iso('2027-03-20T10:00:00'), iso('2027-04-20T10:00:00')],
    ]);
    expect(passes.map((p) => p.kind)).toEqual(['starts-now', 'extends', 'extends']);
  });

  it('renews from the end of a granted (demo) period but never moves or credits it', () => {
    const grant = {
      tier: 'reguler' as const,
      startsAt: wib('2026-10-21T10:00:00'),
      endsAt: wib('2027-10-21T10:00:00'),
    };
    const [renewal] = schedulePasses([buy('a', 'reguler', 1, '2026-11-20T10:00:00')], [grant]);
    expect(span(renewal!)).toEqual([iso('2027-10-21T10:00:00'), iso('2027-11-21T10:00:00')]);
    const [upgrade] = schedulePasses([buy('b', 'premium', 1, '2026-11-20T10:00:00')], [grant]);
    expect(upgrade).toMatchObject({ kind: 'starts-now', creditDays: 0 });
    expect(span(upgrade!)).toEqual([iso('2026-11-20T10:00:00'), iso('2026-12-20T10:00:00')]);
  });

  it('starts an upgrade today, ends the old pass there and credits its unused days', () => {
    const passes = schedulePasses(
      [buy('a', 'reguler', 1, '2026-11-20T10:00:00'), buy('b', 'premium', 1, '2026-12-05T10:00:00')],
      [],
    );
    // 15 unused Reguler days × 149.000 / 299.000 = 7,47 → 7 Premium days.
    expect(passes[1]).toMatchObject({ kind: 'upgrade', creditDays: 7 });
    expect(span(passes[1]!)).toEqual([iso('2026-12-05T10:00:00'), iso('2027-01-12T10:00:00')]);
    expect(span(passes[0]!)).toEqual([iso('2026-11-20T10:00:00'), iso('2026-12-05T10:00:00')]);
  });

  it('credits a queued lower pass in full and leaves it empty', () => {
    const passes = schedulePasses(
      [
        buy('a', 'reguler', 1, '2026-11-20T10:00:00'),
        buy('b', 'reguler', 1, '2026-11-20T11:00:00'),
        buy('c', 'premium', 1, '2026-11-20T12:00:00'),
      ],
      [],
    );
    expect(passes[1]!.startsAt.getTime()).toBe(passes[1]!.endsAt.getTime());
    // Almost 30 + 31 unused Reguler days → floor(60,9 × 149/299) = 30.
    expect(passes[2]!.creditDays).toBe(30);
  });

  it('queues a lower tier after a higher one and pushes it back when the higher one is renewed', () => {
    const passes = schedulePasses(
      [
        buy('p', 'premium', 1, '2026-11-20T10:00:00'),
        buy('r', 'reguler', 1, '2026-11-21T10:00:00'),
        buy('p2', 'premium', 3, '2026-11-22T10:00:00'),
      ],
      [],
    );
    expect(passes.map(span)).toEqual([
      [iso('2026-11-20T10:00:00'), iso('2026-12-20T10:00:00')],
      [iso('2027-03-20T10:00:00'), iso('2027-04-20T10:00:00')],
      [iso('2026-12-20T10:00:00'), iso('2027-03-20T10:00:00')],
    ]);
  });

  it('gives a refund replay: without the refunded purchase the rest is as if it never happened', () => {
    const a = buy('a', 'reguler', 1, '2026-11-20T10:00:00');
    const b = buy('b', 'reguler', 1, '2026-11-21T10:00:00');
    const [onlyB] = schedulePasses([b], []);
    expect(span(onlyB!)).toEqual([iso('2026-11-21T10:00:00'), iso('2026-12-21T10:00:00')]);
    const up = buy('u', 'premium', 1, '2026-12-01T10:00:00');
    expect(
      schedulePasses(
        [a, up].filter((p) => p.id !== 'u'),
        [],
      ).map(span),
    ).toEqual([[iso('2026-11-20T10:00:00'), iso('2026-12-20T10:00:00')]]);
  });

  it('keeps the given order for payments settled at the same instant', () => {
    const t = '2026-11-20T10:00:00';
    const passes = schedulePasses([buy('x', 'reguler', 1, t), buy('y', 'reguler', 1, t)], []);
    expect(passes.map((p) => p.purchaseId)).toEqual(['x', 'y']);
    expect(passes[1]!.startsAt.getTime()).toBe(passes[0]!.endsAt.getTime());
  });
});

describe('schedulePasses properties', () => {
  const T0 = wib('2026-01-01T00:00:00').getTime();
  const purchase = fc.record({
    tier: fc.constantFrom<PaidTier>('reguler', 'premium'),
    months: fc.constantFrom<PeriodMonths>(...PERIODS),
    offsetHours: fc.integer({ min: 0, max: 24 * 800 }),
  });
  const purchases = fc.array(purchase, { maxLength: 8 }).map((xs) =>
    xs.map((x, i): Purchase => ({
      id: `p${i}`,
      tier: x.tier,
      months: x.months,
      paidAt: new Date(T0 + x.offsetHours * 3_600_000),
    })),
  );
  const value = (tier: PaidTier, ms: number) => (ms / DAY_MS) * oneMonthPrice(tier);

  it('never overlaps paid passes, never starts a pass before its payment', () => {
    fc.assert(
      fc.property(purchases, (ps) => {
        const passes = schedulePasses(ps, []);
        const paid = new Map(ps.map((p) => [p.id, p.paidAt.getTime()]));
        for (const x of passes) {
          expect(x.endsAt.getTime()).toBeGreaterThanOrEqual(x.startsAt.getTime());
          expect(x.startsAt.getTime()).toBeGreaterThanOrEqual(paid.get(x.purchaseId)!);
        }
        const spans = passes
          .filter((x) => x.endsAt > x.startsAt)
          .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
        for (let i = 1; i < spans.length; i++)
          expect(spans[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(spans[i - 1]!.endsAt.getTime());
      }),
    );
  });

  it('keeps the value bought: upgrades lose less than one day of the new tier each, never gain', () => {
    fc.assert(
      fc.property(purchases, (ps) => {
        const passes = schedulePasses(ps, []);
        // A calendar month lasts 28 to 31 days depending on where the pass starts.
        const bought = (days: number) => ps.reduce((s, p) => s + value(p.tier, p.months * days * DAY_MS), 0);
        const held = passes.reduce((s, x) => s + value(x.tier, x.endsAt.getTime() - x.startsAt.getTime()), 0);
        const upgrades = passes.filter((x) => x.kind === 'upgrade').length;
        expect(held).toBeLessThanOrEqual(bought(31) + 1e-6);
        expect(held).toBeGreaterThan(bought(28) - upgrades * oneMonthPrice('premium') - 1e-6);
      }),
    );
  });
});
