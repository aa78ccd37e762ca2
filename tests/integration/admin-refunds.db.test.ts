/**
 * Refunds from the admin console through the Stripe and Midtrans stand-ins: the pass a payment bought is
 * removed exactly once whichever arrives first (the console's request or the provider's webhook), and
 * however often the webhook is delivered; each console refund is audited once, with its admin.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, memberships, payments } from '../../src/server/db/schema';
import { currentTier } from '../../src/server/services/membership';
import { refundPayment } from '../../src/server/services/admin';
import { createRefund } from '../../src/server/integrations/stripe';
import { startCheckout } from '../../src/server/services/payments';
import { createUser } from '../factories/users';
import { usePaymentsHarness } from '../payments-harness';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const BASE = 'http://localhost:4321';

describe('refunds from the admin console', () => {
  const t = usePaymentsHarness('refunds', { now: NOW, baseUrl: BASE });

  /** A member with a paid pass per plan given, paid in that order through `provider`. */
  async function paidMember(provider: 'stripe' | 'midtrans', plans: string[]) {
    const user = await createUser(t.h.db);
    const ids: string[] = [];
    for (const planId of plans) {
      const paid = await t.pay(user, planId, provider);
      if (!paid.ok) throw new Error(paid.message);
      ids.push(paid.paymentId);
    }
    return { user, ids };
  }
  const payment = async (id: string) => (await t.h.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const paidPasses = (userId: string) =>
    t.h.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.source, 'payment')));
  const auditOf = async (userId: string, action: string) =>
    (await t.h.db.select().from(auditLog).where(eq(auditLog.subjectId, userId))).filter((a) => a.action === action);
  const refund = (userId: string, paymentId: string, reason = 'Pembayaran ganda') =>
    refundPayment(t.h.db, t.adminId, userId, paymentId, reason, { now: NOW, baseUrl: BASE });

  it('Stripe, console first: removes exactly the refunded pass; the held webhook and its redelivery change nothing', async () => {
    const { user, ids } = await paidMember('stripe', ['reguler-1', 'reguler-1']);
    const [first, second] = ids as [string, string];
    expect((await currentTier(t.h.db, user.id, NOW)).endsAt).toEqual(new Date('2027-01-20T10:00:00+07:00'));
    t.stripeOpts.deliveries = 0;
    try {
      expect(await refund(user.id, first)).toEqual({
        ok: true,
        message: 'Dana Stripe dikembalikan; masa aktif yang dibelinya dicabut.',
      });
    } finally {
      t.stripeOpts.deliveries = undefined;
    }
    const p = await payment(first);
    expect(p).toMatchObject({ status: 'refunded', refundedAt: NOW, refundedBy: t.adminId });
    expect(p.refundRef).toMatch(/^re_test_/);
    // The second payment's month now starts today, as if the first had never been paid.
    expect(await paidPasses(user.id)).toMatchObject([{ paymentId: second }]);
    expect(await currentTier(t.h.db, user.id, NOW)).toEqual({
      tier: 'reguler',
      endsAt: new Date('2026-12-20T10:00:00+07:00'),
    });

    // Stripe's events, held back until now, arrive late and twice: nothing more is removed.
    const held = t.stripe.sent.filter((e) => e.type === 'charge.refunded' && e.statuses.length === 0);
    expect(held).toHaveLength(1);
    expect(await t.stripe.resend(held[0]!.id, 3)).toEqual([200, 200, 200]);
    expect(await paidPasses(user.id)).toHaveLength(1);
    expect((await payment(second)).status).toBe('paid');
    expect(await auditOf(user.id, 'payment.refunded')).toMatchObject([{ actorId: t.adminId }]);
    expect(await auditOf(user.id, 'admin.payment-refund')).toMatchObject([
      {
        actorId: t.adminId,
        details: {
          paymentId: first,
          provider: 'stripe',
          amount: 149_000,
          reason: 'Pembayaran ganda',
          appliedBy: 'console',
        },
      },
    ]);
  });

  it('Stripe, webhook first (three deliveries before the answer): the console applies nothing more', async () => {
    const { user, ids } = await paidMember('stripe', ['premium-1']);
    t.stripeOpts.deliveries = 3;
    try {
      expect((await refund(user.id, ids[0]!)).ok).toBe(true);
    } finally {
      t.stripeOpts.deliveries = undefined;
    }
    expect(await currentTier(t.h.db, user.id, NOW)).toEqual({ tier: 'gratis', endsAt: null });
    expect(await paidPasses(user.id)).toEqual([]);
    // The provider removed it, so its audit entry has no actor; the console's names the admin.
    expect(await auditOf(user.id, 'payment.refunded')).toMatchObject([{ actorId: null }]);
    expect(await auditOf(user.id, 'admin.payment-refund')).toMatchObject([{ details: { appliedBy: 'webhook' } }]);
  });

  it('Stripe, a refund still pending: the pass stays until Stripe reports it succeeded, then goes once', async () => {
    const { user, ids } = await paidMember('stripe', ['reguler-1']);
    t.stripeOpts.refundStatus = 'pending';
    try {
      expect(await refund(user.id, ids[0]!)).toEqual({
        ok: true,
        message:
          'Pengembalian dana Stripe sudah diajukan dan masih diproses. Masa aktif yang dibelinya dicabut setelah Stripe menyelesaikannya.',
      });
    } finally {
      t.stripeOpts.refundStatus = undefined;
    }
    // refund.created and charge.refunded have arrived; the refund is pending, so nothing is taken yet.
    const pending = await payment(ids[0]!);
    expect(pending).toMatchObject({ status: 'paid', refundedAt: null, refundedBy: t.adminId });
    expect(pending.refundRef).toMatch(/^re_test_/);
    expect(await paidPasses(user.id)).toHaveLength(1);
    expect(await auditOf(user.id, 'payment.refunded')).toEqual([]);
    expect(await auditOf(user.id, 'admin.payment-refund')).toMatchObject([{ details: { appliedBy: 'pending' } }]);

    await t.stripe.settleRefund(pending.refundRef!, 'succeeded');
    expect(await payment(ids[0]!)).toMatchObject({ status: 'refunded', refundedAt: NOW });
    expect(await paidPasses(user.id)).toEqual([]);
    expect(await auditOf(user.id, 'payment.refunded')).toMatchObject([{ actorId: null }]);
  });

  it('Stripe, a pending refund that fails: the pass stays and the admin reads why on the member page', async () => {
    const { user, ids } = await paidMember('stripe', ['premium-1']);
    t.stripeOpts.refundStatus = 'pending';
    try {
      expect((await refund(user.id, ids[0]!)).ok).toBe(true);
    } finally {
      t.stripeOpts.refundStatus = undefined;
    }
    const refundRef = (await payment(ids[0]!)).refundRef!;
    await t.stripe.settleRefund(refundRef, 'failed');
    // Still paid, with its pass; the console's mark is cleared, so the admin may try again.
    expect(await payment(ids[0]!)).toMatchObject({ status: 'paid', refundedBy: null, refundRef: null });
    expect(await paidPasses(user.id)).toHaveLength(1);
    const failed = await auditOf(user.id, 'payment.refund-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.details).toMatchObject({
      paymentId: ids[0],
      refundRef,
      reason:
        'Pengembalian dana Stripe gagal (status: failed). Dana belum kembali ke anggota dan masa aktifnya tetap; coba kembalikan lagi atau periksa di dasbor Stripe.',
    });
    // The failure's events delivered again change nothing more.
    for (const e of t.stripe.sent.filter((x) => x.type === 'refund.failed' || x.type === 'refund.updated').slice(-2))
      await t.stripe.resend(e.id, 2);
    expect(await auditOf(user.id, 'payment.refund-failed')).toHaveLength(1);
  });

  it('Stripe, a refund that failed asked for again: a new refund at Stripe, which takes the pass', async () => {
    const { user, ids } = await paidMember('stripe', ['reguler-1']);
    const pi = (await payment(ids[0]!)).providerPaymentRef!;
    t.stripeOpts.refundStatus = 'pending';
    try {
      expect((await refund(user.id, ids[0]!)).ok).toBe(true);
    } finally {
      t.stripeOpts.refundStatus = undefined;
    }
    const first = (await payment(ids[0]!)).refundRef!;
    await t.stripe.settleRefund(first, 'failed');
    // The first refund's idempotency key would only give the failed refund back: the retry needs its own.
    expect(await refund(user.id, ids[0]!)).toMatchObject({ ok: true });
    const refunds = [...t.stripe.refunds.values()].filter((r) => r.payment_intent === pi);
    expect(refunds.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    const after = await payment(ids[0]!);
    expect(after).toMatchObject({ status: 'refunded', refundedBy: t.adminId });
    expect(after.refundRef).not.toBe(first);
    expect(await paidPasses(user.id)).toEqual([]);
  });

  it('Stripe, a refund already pending at Stripe (made in its dashboard, or under a key it has forgotten): the pass stays', async () => {
    const { user, ids } = await paidMember('stripe', ['reguler-1']);
    const pi = (await payment(ids[0]!)).providerPaymentRef!;
    t.stripeOpts.refundStatus = 'pending';
    let made = '';
    try {
      const r = await createRefund({ paymentIntentId: pi, paymentId: ids[0]!, idempotencyKey: 'dasbor-1' });
      expect(r.status).toBe('pending');
      made = r.id;
      // Stripe refuses another refund of the charge (charge_already_refunded): the pending one is not done.
      expect(await refund(user.id, ids[0]!)).toMatchObject({ ok: true, message: expect.stringContaining('diproses') });
    } finally {
      t.stripeOpts.refundStatus = undefined;
    }
    // The console's mark names the pending refund; its success takes the pass.
    expect(await payment(ids[0]!)).toMatchObject({ status: 'paid', refundedAt: null, refundRef: made });
    expect(await paidPasses(user.id)).toHaveLength(1);
    await t.stripe.settleRefund(made, 'succeeded');
    expect(await payment(ids[0]!)).toMatchObject({ status: 'refunded' });
    expect(await paidPasses(user.id)).toEqual([]);
  });

  it('Stripe, two admins at once: one refund at Stripe, one audit entry', async () => {
    const { user, ids } = await paidMember('stripe', ['reguler-3']);
    const pi = (await payment(ids[0]!)).providerPaymentRef!;
    const results = await Promise.all([refund(user.id, ids[0]!), refund(user.id, ids[0]!)]);
    expect(results.filter((r) => r.ok)).not.toHaveLength(0);
    expect([...t.stripe.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    expect(await auditOf(user.id, 'admin.payment-refund')).toHaveLength(1);
    expect(await auditOf(user.id, 'payment.refunded')).toHaveLength(1);
    expect(await refund(user.id, ids[0]!)).toEqual({
      ok: false,
      status: 400,
      message: 'Dana pembayaran ini sudah dikembalikan.',
    });
  });

  it('Midtrans, console first: the notification that follows, twice, changes nothing', async () => {
    const { user, ids } = await paidMember('midtrans', ['premium-1']);
    t.midtransOpts.deliveries = 0;
    try {
      expect(await refund(user.id, ids[0]!, 'Salah pilih paket')).toEqual({
        ok: true,
        message: 'Dana Midtrans dikembalikan; masa aktif yang dibelinya dicabut.',
      });
    } finally {
      t.midtransOpts.deliveries = undefined;
    }
    expect(await payment(ids[0]!)).toMatchObject({
      status: 'refunded',
      refundRef: `refund-${ids[0]}`,
      refundedBy: t.adminId,
    });
    expect(t.midtrans.orders.get(ids[0]!)).toMatchObject({
      transaction_status: 'refund',
      refunds: [{ refund_key: `refund-${ids[0]}`, refund_amount: '299000.00', reason: 'Salah pilih paket' }],
    });
    expect(await currentTier(t.h.db, user.id, NOW)).toEqual({ tier: 'gratis', endsAt: null });
    const late = await t.midtrans.setStatus(ids[0]!, 'refund', {}, 2);
    expect(late.statuses).toEqual([200, 200]);
    expect(await auditOf(user.id, 'payment.refunded')).toHaveLength(1);
    expect(await auditOf(user.id, 'admin.payment-refund')).toMatchObject([{ details: { appliedBy: 'console' } }]);
  });

  it('Midtrans, notification first: removed once, audited once', async () => {
    const { user, ids } = await paidMember('midtrans', ['reguler-1', 'premium-1']);
    t.midtransOpts.deliveries = 3;
    try {
      expect((await refund(user.id, ids[1]!)).ok).toBe(true);
    } finally {
      t.midtransOpts.deliveries = undefined;
    }
    expect(await paidPasses(user.id)).toMatchObject([{ paymentId: ids[0], tier: 'reguler' }]);
    expect((await currentTier(t.h.db, user.id, NOW)).tier).toBe('reguler');
    expect(await auditOf(user.id, 'payment.refunded')).toHaveLength(1);
    expect(await auditOf(user.id, 'admin.payment-refund')).toMatchObject([{ details: { appliedBy: 'webhook' } }]);
  });

  it('refuses with a message and changes nothing: no reason, unknown or other member’s payment, not paid, provider refusal', async () => {
    const { user, ids } = await paidMember('midtrans', ['reguler-1']);
    const other = await createUser(t.h.db);
    expect(await refund(user.id, ids[0]!, ' x ')).toMatchObject({ ok: false, status: 400, field: 'reason' });
    expect(await refund(other.id, ids[0]!)).toMatchObject({ ok: false, status: 404 });
    expect(await refund(user.id, 'bukan-uuid')).toMatchObject({ ok: false, status: 404 });
    const pending = await startCheckout(
      t.h.db,
      user,
      { planId: 'premium-1', providerId: 'midtrans' },
      { baseUrl: BASE },
    );
    if (!pending.ok) throw new Error(pending.message);
    expect(await refund(user.id, pending.paymentId)).toMatchObject({
      ok: false,
      status: 400,
      message: 'Hanya pembayaran yang lunas yang bisa dikembalikan.',
    });
    // Midtrans no longer holds it as settled (expired at its end): it refuses, and nothing changes here.
    t.midtrans.orders.get(ids[0]!)!.transaction_status = 'expire';
    const refused = await refund(user.id, ids[0]!);
    expect(refused).toMatchObject({ ok: false, status: 502 });
    // A refusal (Midtrans' 4xx status_code) says so, and where to go instead of "try again".
    expect(refused.ok ? '' : refused.message).toMatch(/^Midtrans menolak pengembalian dana: .*di luar konsol/);
    expect(await payment(ids[0]!)).toMatchObject({ status: 'paid', refundedBy: null, refundRef: null });
    expect((await currentTier(t.h.db, user.id, NOW)).tier).toBe('reguler');
    expect(await auditOf(user.id, 'admin.payment-refund')).toEqual([]);
  });
});
