/**
 * What a settled payment does to the member's passes: renewal, upgrade credit, refunds, and the
 * promise /pay makes beforehand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { memberships, payments } from '../../src/server/db/schema';
import { fulfil, type Payment } from '../../src/server/services/payments';
import { previewPass } from '../../src/server/services/payments';
import { findReceipt } from '../../src/server/services/payments';
import { currentTier } from '../../src/server/services/membership';
import { addMonthsWib, DAY_MS } from '../../src/domain/dates';
import { findPlan } from '../../src/domain/plans';
import { createUser, grantTier } from '../factories/users';
import { createPayment } from '../factories/payments';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const days = (n: number) => new Date(NOW.getTime() + n * DAY_MS);

describe('passes bought with payments', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  const pay = (p: Payment, now: Date) =>
    fulfil(
      h.db,
      { provider: p.provider, ref: p.providerRef!, status: 'paid', amount: p.amount, currency: 'IDR' },
      { now },
    );
  const refund = (p: Payment, now: Date) =>
    fulfil(h.db, { provider: p.provider, ref: p.providerRef!, status: 'refunded' }, { now });
  const passes = (userId: string) =>
    h.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.source, 'payment')))
      .orderBy(memberships.startsAt);

  it('extends a renewal from the current end date, as /pay promised', async () => {
    const user = await createUser(h.db);
    const first = await createPayment(h.db, user.id, 'reguler-1');
    await pay(first, NOW);
    const promised = await previewPass(h.db, user.id, findPlan('reguler-3')!, days(10));
    const second = await createPayment(h.db, user.id, 'reguler-3');
    const result = await pay(second, days(10));
    expect(result.change).toBe('granted');
    expect(result.payment).toMatchObject({
      periodStartsAt: addMonthsWib(NOW, 1),
      periodEndsAt: addMonthsWib(NOW, 4),
      creditDays: 0,
    });
    expect(promised).toMatchObject({ startsAt: addMonthsWib(NOW, 1), endsAt: addMonthsWib(NOW, 4), kind: 'extends' });
    // The end date members see is the end of the whole run, renewal included.
    expect(await currentTier(h.db, user.id, days(10))).toEqual({ tier: 'reguler', endsAt: addMonthsWib(NOW, 4) });
    expect(await currentTier(h.db, user.id, days(40))).toEqual({ tier: 'reguler', endsAt: addMonthsWib(NOW, 4) });
  });

  it('renews a demo or admin grant from its end without moving it', async () => {
    const user = await createUser(h.db);
    await grantTier(h.db, user.id, 'reguler', days(-30), days(335));
    const p = await createPayment(h.db, user.id, 'reguler-1');
    expect((await pay(p, NOW)).payment).toMatchObject({
      periodStartsAt: days(335),
      periodEndsAt: addMonthsWib(days(335), 1),
    });
    expect(await currentTier(h.db, user.id, NOW)).toEqual({ tier: 'reguler', endsAt: addMonthsWib(days(335), 1) });
    expect(
      await h.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.source, 'admin'))),
    ).toMatchObject([{ startsAt: days(-30), endsAt: days(335) }]);
  });

  it('starts an upgrade today and credits the unused part of the old pass; its refund restores the old pass', async () => {
    const user = await createUser(h.db);
    const reguler = await createPayment(h.db, user.id, 'reguler-1');
    await pay(reguler, NOW);
    const promised = await previewPass(h.db, user.id, findPlan('premium-1')!, days(15));
    const premium = await createPayment(h.db, user.id, 'premium-1');
    const result = await pay(premium, days(15));
    // 15 unused Reguler days × Rp 149.000 ÷ Rp 299.000 = 7,47 → 7 Premium days.
    const end = new Date(addMonthsWib(days(15), 1).getTime() + 7 * DAY_MS);
    expect(result.payment).toMatchObject({ periodStartsAt: days(15), periodEndsAt: end, creditDays: 7 });
    expect(promised).toMatchObject({ kind: 'upgrade', creditDays: 7, endsAt: end });
    expect((await passes(user.id)).map((p) => [p.tier, p.startsAt, p.endsAt])).toEqual([
      ['reguler', NOW, days(15)],
      ['premium', days(15), end],
    ]);
    expect(await currentTier(h.db, user.id, days(20))).toEqual({ tier: 'premium', endsAt: end });

    expect((await refund(premium, days(20))).change).toBe('revoked');
    expect(await currentTier(h.db, user.id, days(20))).toEqual({ tier: 'reguler', endsAt: addMonthsWib(NOW, 1) });
    // The receipt keeps what was granted at the time, marked refunded.
    expect((await findReceipt(h.db, user.id, premium.id))?.payment).toMatchObject({
      status: 'refunded',
      creditDays: 7,
      periodEndsAt: end,
    });
  });

  it('refunding the first of two passes keeps the second, starting from its own payment', async () => {
    const user = await createUser(h.db);
    const a = await createPayment(h.db, user.id, 'reguler-1');
    const b = await createPayment(h.db, user.id, 'reguler-1');
    await pay(a, NOW);
    await pay(b, days(1));
    await refund(a, days(2));
    expect((await passes(user.id)).map((p) => [p.paymentId, p.startsAt, p.endsAt])).toEqual([
      [b.id, days(1), addMonthsWib(days(1), 1)],
    ]);
  });

  it('shows a receipt only to the member who paid', async () => {
    const owner = await createUser(h.db);
    const other = await createUser(h.db);
    const p = await createPayment(h.db, owner.id, 'premium-3');
    expect(await findReceipt(h.db, owner.id, p.id)).toBeNull();
    await pay(p, NOW);
    expect((await findReceipt(h.db, owner.id, p.id))?.member.email).toBe(owner.email);
    expect(await findReceipt(h.db, other.id, p.id)).toBeNull();
    expect(await findReceipt(h.db, owner.id, 'bukan-id')).toBeNull();
  });

  it('numbers receipts uniquely and never numbers an unpaid checkout', async () => {
    const user = await createUser(h.db);
    const paid = await Promise.all(
      ['reguler-1', 'reguler-3', 'premium-1'].map((id) => createPayment(h.db, user.id, id)),
    );
    const unpaid = await createPayment(h.db, user.id, 'premium-12');
    await Promise.all(paid.map((p) => pay(p, NOW)));
    await fulfil(h.db, { provider: 'stripe', ref: unpaid.providerRef!, status: 'expired' }, { now: NOW });
    const rows = await h.db.select().from(payments).where(eq(payments.userId, user.id));
    const numbers = rows.filter((r) => r.status === 'paid').map((r) => r.receiptNumber);
    expect(new Set(numbers).size).toBe(3);
    expect(rows.find((r) => r.id === unpaid.id)).toMatchObject({ status: 'expired', receiptNumber: null });
  });
});
