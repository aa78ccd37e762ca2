/**
 * Promo codes end to end below the browser: made by an admin, charged at the exact discounted amount on
 * the Stripe and Midtrans stand-ins, stated on the receipt, refused a second time and past their limits.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../src/server/db/schema';
import { startCheckout } from '../../src/server/services/payments';
import { findReceipt } from '../../src/server/services/payments';
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
});
