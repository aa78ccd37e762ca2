/**
 * Promo codes end to end below the browser: made by an admin, charged at the exact discounted amount on
 * the Stripe and Midtrans stand-ins, stated on the receipt, refused a second time and past their limits.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, memberships, payments } from '../../src/server/db/schema';
import { findReceipt, startCheckout } from '../../src/server/services/payments';
import { createPromoCode, listPromoCodes, quotePromo } from '../../src/server/services/membership';
import { findPlan } from '../../src/domain/plans';
import { createUser } from '../factories/users';
import { usePaymentsHarness } from '../payments-harness';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const BASE = 'http://localhost:4321';
// The seller named on receipts (read by config() on its first call, in the harness's beforeAll).
Object.assign(process.env, { SELLER_LEGAL_NAME: 'PT Telaah Riset Nusantara', SELLER_NPWP: '0123.4567.8901.2345' });

describe('promo codes', () => {
  const t = usePaymentsHarness('promo', { now: NOW, baseUrl: BASE });

  const create = (input: Record<string, unknown>) =>
    createPromoCode(
      t.h.db,
      t.adminId,
      {
        kind: 'percent',
        plans: [],
        validFrom: '2026-11-01',
        validUntil: '2026-11-30',
        maxUses: '',
        perMember: '1',
        ...input,
      },
      NOW,
    );
  it('refuses a bad code with a message naming the field, and a code made twice', async () => {
    expect(await create({ code: 'a', value: '10' })).toMatchObject({ ok: false, field: 'code' });
    expect(await create({ code: 'BESAR', value: '95' })).toMatchObject({ ok: false, field: 'value' });
    expect(await create({ code: 'TERLALU', kind: 'fixed', value: '145000' })).toMatchObject({
      ok: false,
      field: 'value',
    });
    expect(await create({ code: 'MUNDUR', value: '10', validFrom: '2026-12-01' })).toMatchObject({
      ok: false,
      field: 'validUntil',
    });
    // Past the integer column: refused with a message, not a database error.
    expect(await create({ code: 'BANYAK', value: '10', maxUses: '99999999999' })).toMatchObject({
      ok: false,
      field: 'maxUses',
    });
    expect(await create({ code: 'PAKET', value: '10', plans: ['emas-1'] })).toMatchObject({
      ok: false,
      field: 'plans',
    });
    expect(await create({ code: 'ramadan26', value: '20' })).toEqual({ ok: true, message: 'Kode RAMADAN26 dibuat.' });
    expect(await create({ code: 'RAMADAN26', value: '30' })).toMatchObject({ ok: false, field: 'code' });
    const [entry] = (await t.h.db.select().from(auditLog).where(eq(auditLog.actorId, t.adminId))).filter(
      (a) => a.action === 'admin.promo-create',
    );
    expect(entry!.details).toMatchObject({ code: 'RAMADAN26', kind: 'percent', value: 20 });
  });

  it('charges the discounted amount on Stripe, states it on the receipt, and refuses a second use', async () => {
    const member = await createUser(t.h.db);
    const paid = await t.pay(member, 'reguler-3', 'stripe', ' ramadan26 ');
    if (!('payment' in paid)) throw new Error(paid.message);
    // 20 % of Rp 399.000 is Rp 79.800: Rp 319.200, in Stripe's minor units.
    expect(t.stripe.sessions.get(paid.payment.providerRef!)!.amount_total).toBe(319_200 * 100);
    expect(paid.payment).toMatchObject({
      status: 'paid',
      amount: 319_200,
      listPrice: 399_000,
      promoCode: 'RAMADAN26',
    });
    expect((await findReceipt(t.h.db, member.id, paid.payment.id))!.payment.amount).toBe(319_200);
    expect(t.receiptMail(member.email)).toContain('Harga paket: Rp 399.000, potongan kode RAMADAN26: Rp 79.800');
    expect(t.receiptMail(member.email)).toContain('Jumlah: Rp 319.200');
    // The seller's legal name and NPWP, from SELLER_LEGAL_NAME and SELLER_NPWP, on the mail and the page.
    expect(t.receiptMail(member.email)).toContain('Penjual: PT Telaah Riset Nusantara, NPWP 0123 4567 8901 2345');
    expect((await findReceipt(t.h.db, member.id, paid.payment.id))!.seller).toEqual({
      legalName: 'PT Telaah Riset Nusantara',
      npwp: '0123 4567 8901 2345',
    });

    expect(await t.pay(member, 'premium-1', 'midtrans', 'RAMADAN26')).toEqual({
      ok: false,
      status: 400,
      field: 'promo',
      message: 'Kode promo: sudah Anda gunakan.',
    });
  });

  it('charges the discounted amount on Midtrans', async () => {
    const member = await createUser(t.h.db);
    const paid = await t.pay(member, 'premium-1', 'midtrans', 'RAMADAN26');
    if (!('payment' in paid)) throw new Error(paid.message);
    expect(t.midtrans.orders.get(paid.payment.id)!.gross_amount).toBe(239_200);
    expect(paid.payment).toMatchObject({ status: 'paid', amount: 239_200, listPrice: 299_000 });
    expect(t.receiptMail(member.email)).toContain('potongan kode RAMADAN26: Rp 59.800');
  });

  it('a checkout never paid does not use the code up; limits, plans and the window are kept', async () => {
    expect(
      await create({ code: 'SATU', kind: 'fixed', value: '50000', maxUses: '1', plans: ['reguler-1', 'premium-1'] }),
    ).toMatchObject({ ok: true });
    const [a, b] = [await createUser(t.h.db), await createUser(t.h.db)];
    const reguler = findPlan('reguler-1')!;
    // Started, never paid: still available to the same member.
    const open = await startCheckout(
      t.h.db,
      a,
      { planId: 'reguler-1', providerId: 'stripe', promoCode: 'SATU' },
      { baseUrl: BASE, now: NOW },
    );
    expect(open.ok).toBe(true);
    expect(await quotePromo(t.h.db, a.id, 'satu', reguler, NOW)).toMatchObject({
      ok: true,
      amount: 99_000,
      discount: 50_000,
    });
    expect(await quotePromo(t.h.db, a.id, 'SATU', findPlan('reguler-3')!, NOW)).toEqual({
      ok: false,
      message: 'Kode promo: tidak berlaku untuk paket ini.',
    });
    expect(await quotePromo(t.h.db, a.id, 'SATU', reguler, new Date('2026-12-01T00:00:00+07:00'))).toEqual({
      ok: false,
      message: 'Kode promo: tidak berlaku saat ini.',
    });
    expect(await quotePromo(t.h.db, a.id, 'BUKAN-KODE', reguler, NOW)).toEqual({
      ok: false,
      message: 'Kode promo: tidak dikenal.',
    });
    const paid = await t.pay(b, 'premium-1', 'stripe', 'SATU');
    expect('payment' in paid && paid.payment.amount).toBe(249_000);
    // The only use is taken: refused to everyone now.
    expect(await quotePromo(t.h.db, a.id, 'SATU', reguler, NOW)).toEqual({
      ok: false,
      message: 'Kode promo: kuotanya sudah habis.',
    });
    expect((await listPromoCodes(t.h.db)).map((p) => [p.code, p.uses])).toEqual([
      ['SATU', 1],
      ['RAMADAN26', 2],
    ]);
  });

  /** Starts a checkout of `planId` with `code` for `member` and returns its payment row (not yet paid). */
  async function open(
    member: { id: string; name: string; email: string },
    planId: string,
    provider: 'stripe' | 'midtrans',
    code: string,
  ) {
    const started = await startCheckout(
      t.h.db,
      member,
      { planId, providerId: provider, promoCode: code },
      { baseUrl: BASE, now: NOW },
    );
    if (!started.ok) throw new Error(started.message);
    return (await t.h.db.select().from(payments).where(eq(payments.id, started.paymentId)))[0]!;
  }
  const paymentsWith = (code: string) => t.h.db.select().from(payments).where(eq(payments.promoCode, code));
  const overLimitAudits = async (code: string) =>
    (await t.h.db.select().from(auditLog).where(eq(auditLog.action, 'payment.promo-over-limit'))).filter(
      (a) => (a.details as { code?: string }).code === code,
    );

  it('two open checkouts with a single-use code, both paid at Stripe: one discount and one pass; the other is refused and refunded in full', async () => {
    expect(await create({ code: 'SEKALI', value: '50' })).toMatchObject({ ok: true });
    const member = await createUser(t.h.db);
    // Both opened before either is paid: the checkout's own check cannot see the other.
    const first = await open(member, 'reguler-1', 'stripe', 'SEKALI');
    const second = await open(member, 'premium-1', 'stripe', 'SEKALI');
    await t.stripe.complete(first.providerRef!, 'bayar', 1);
    await t.stripe.complete(second.providerRef!, 'bayar', 2);
    const rows = await paymentsWith('SEKALI');
    const paid = rows.filter((p) => p.status === 'paid');
    const refused = rows.filter((p) => p.status === 'rejected');
    expect(paid.map((p) => p.id)).toEqual([first.id]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      id: second.id,
      receiptNumber: null,
      failureReason:
        'Kode promo SEKALI sudah Anda gunakan pada pembayaran lain. Pembayaran ini tidak mengaktifkan paket, dan dananya kami kembalikan penuh.',
      refundRef: expect.stringMatching(/^re_/),
    });
    // Only the first payment's pass; the whole of the second charge back at Stripe, once.
    const passes = await t.h.db.select().from(memberships).where(eq(memberships.userId, member.id));
    expect(passes.map((p) => p.paymentId)).toEqual([first.id]);
    const refunds = [...t.stripe.refunds.values()].filter((r) => r.payment_intent === refused[0]!.providerPaymentRef);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 149_500 * 100, status: 'succeeded' });
    expect((await listPromoCodes(t.h.db)).find((p) => p.code === 'SEKALI')!.uses).toBe(1);
    expect(await overLimitAudits('SEKALI')).toHaveLength(1);
    // The provider's late word on the refused payment changes nothing and refunds nothing more.
    const sent = t.stripe.sent.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    await t.stripe.resend(sent.id, 2);
    expect((await paymentsWith('SEKALI')).map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [first.id, 'paid'],
        [second.id, 'rejected'],
      ].sort(),
    );
    expect(
      [...t.stripe.refunds.values()].filter((r) => r.payment_intent === refused[0]!.providerPaymentRef),
    ).toHaveLength(1);
  });

  it('a refused payment whose refund fails at Stripe: the admin is told, and the next report of the payment refunds it anew', async () => {
    expect(await create({ code: 'GAGALKEMBALI', value: '50' })).toMatchObject({ ok: true });
    const member = await createUser(t.h.db);
    const first = await open(member, 'reguler-1', 'stripe', 'GAGALKEMBALI');
    const second = await open(member, 'reguler-1', 'stripe', 'GAGALKEMBALI');
    await t.stripe.complete(first.providerRef!, 'bayar', 1);
    t.stripeOpts.refundStatus = 'pending';
    try {
      await t.stripe.complete(second.providerRef!, 'bayar', 1);
    } finally {
      t.stripeOpts.refundStatus = undefined;
    }
    const row = async () => (await t.h.db.select().from(payments).where(eq(payments.id, second.id)))[0]!;
    const refundRef = (await row()).refundRef!;
    expect(refundRef).toMatch(/^re_/);
    await t.stripe.settleRefund(refundRef, 'failed');
    // The money is still with us: the mark is cleared and the failure is on the member's record.
    expect(await row()).toMatchObject({ status: 'rejected', refundRef: null });
    const failed = (await t.h.db.select().from(auditLog).where(eq(auditLog.action, 'payment.refund-failed'))).filter(
      (a) => (a.details as { paymentId?: string }).paymentId === second.id,
    );
    expect(failed).toHaveLength(1);
    // Stripe reports the payment again: a new refund (a new idempotency key), which succeeds.
    const sent = t.stripe.sent.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    await t.stripe.resend(sent.id, 1);
    const pi = (await row()).providerPaymentRef;
    const refunds = [...t.stripe.refunds.values()].filter((r) => r.payment_intent === pi);
    expect(refunds.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect((await row()).refundRef).toMatch(/^re_/);
    expect((await row()).refundRef).not.toBe(refundRef);
  });

  it('a code with one use left, paid by two members at once on Midtrans: one pass, the other refunded', async () => {
    expect(await create({ code: 'TERAKHIR', kind: 'fixed', value: '20000', maxUses: '1' })).toMatchObject({ ok: true });
    const [c, d] = [await createUser(t.h.db), await createUser(t.h.db)];
    const pc = await open(c, 'reguler-1', 'midtrans', 'TERAKHIR');
    const pd = await open(d, 'reguler-1', 'midtrans', 'TERAKHIR');
    await Promise.all([
      t.midtrans.setStatus(pc.providerRef!, 'settlement', { payment_type: 'qris' }, 2),
      t.midtrans.setStatus(pd.providerRef!, 'settlement', { payment_type: 'qris' }, 2),
    ]);
    const rows = await paymentsWith('TERAKHIR');
    expect(rows.map((p) => p.status).sort()).toEqual(['paid', 'rejected']);
    const refused = rows.find((p) => p.status === 'rejected')!;
    expect(refused.failureReason).toBe(
      'Kuota kode promo TERAKHIR sudah habis saat pembayaran ini diterima. Pembayaran ini tidak mengaktifkan paket, dan dananya kami kembalikan penuh.',
    );
    expect(t.midtrans.orders.get(refused.id)!.refunds).toEqual([
      expect.objectContaining({ refund_amount: '129000.00', refund_key: `refund-${refused.id}` }),
    ]);
    const winner = rows.find((p) => p.status === 'paid')!;
    for (const p of [winner, refused]) {
      const passes = await t.h.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, p.userId!), eq(memberships.paymentId, p.id)));
      expect(passes).toHaveLength(p === winner ? 1 : 0);
    }
    expect(await overLimitAudits('TERAKHIR')).toHaveLength(1);
  });
});
