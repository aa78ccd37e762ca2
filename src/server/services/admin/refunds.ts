/**
 * Refunding a payment from the admin console (docs/product.md §6): the provider refunds it (Stripe
 * refunds, Midtrans' refund API), then the refund's effect goes through fulfil() like any provider state,
 * so the pass it paid for is removed exactly once whichever arrives first, the console or the provider's
 * webhook. The console's part is recorded once too: `refunded_by` is set by a conditional update, in the
 * transaction that writes its audit entry.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { audit } from '../audit';
import { fulfil } from '../payments/fulfil';
import { refundsFailedBefore } from '../payments/promo-claim';
import { findProvider } from '../payments/registry';
import { RefundRefusedError } from '../payments/types';
import type { ActionResult } from './access';
import { isUuid } from './ids';
import { log } from '../../log';

export type RefundResult = ActionResult | { ok: false; status: 502; message: string; field?: string };

const PROVIDER_NAME = { stripe: 'Stripe', midtrans: 'Midtrans' } as const;

/** Refunds `paymentId` of member `memberId` in full through its provider; `reason` goes to the audit log. */
export async function refundPayment(
  db: Db,
  adminId: string,
  memberId: string,
  paymentId: string,
  reason: string,
  opts: { now: Date; baseUrl?: string },
): Promise<RefundResult> {
  const why = reason.trim();
  if (why.length < 3 || why.length > 300)
    return {
      ok: false,
      status: 400,
      field: 'reason',
      message: 'Alasan pengembalian dana: tulis alasannya (3–300 karakter).',
    };
  const [p] =
    isUuid(paymentId) && isUuid(memberId)
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.id, paymentId), eq(payments.userId, memberId)))
          .limit(1)
      : [];
  if (!p) return { ok: false, status: 404, message: 'Pembayaran tidak ditemukan untuk anggota ini.' };
  if (p.status === 'refunded') return { ok: false, status: 400, message: 'Dana pembayaran ini sudah dikembalikan.' };
  if (p.status !== 'paid')
    return { ok: false, status: 400, message: 'Hanya pembayaran yang lunas yang bisa dikembalikan.' };
  const provider = findProvider(p.provider);
  if (!provider)
    return {
      ok: false,
      status: 400,
      message: `${PROVIDER_NAME[p.provider]} tidak aktif di server ini; kembalikan dana lewat dasbor penyedia.`,
    };

  // A refund that failed at the provider (fulfil's `payment.refund-failed`) is asked for again under a new key.
  const failedBefore = await refundsFailedBefore(db, p);
  let refundRef: string;
  let pending = false;
  try {
    // Two admins clicking at once send the same idempotency key: the provider refunds once.
    ({ refundRef, pending = false } = await provider.refund({
      paymentId: p.id,
      ref: p.providerRef,
      paymentRef: p.providerPaymentRef,
      amount: p.amount,
      failedBefore,
      reason: why,
    }));
  } catch (err) {
    log('error', 'refund failed', { paymentId: p.id, provider: p.provider, error: String(err) });
    return {
      ok: false,
      status: 502,
      message:
        err instanceof RefundRefusedError
          ? `${PROVIDER_NAME[p.provider]} menolak pengembalian dana: ${err.message}`
          : `${PROVIDER_NAME[p.provider]} tidak bisa dihubungi atau menolak pengembalian dana. Coba lagi: dana tidak akan dikembalikan dua kali.`,
    };
  }

  // A refund the provider has not finished takes nothing yet: its webhook applies the end (decision 0047).
  const applied = pending
    ? null
    : await fulfil(
        db,
        {
          provider: p.provider,
          ref: p.providerRef ?? undefined,
          paymentId: p.id,
          paymentRef: p.providerPaymentRef ?? undefined,
          status: 'refunded',
        },
        { now: opts.now, baseUrl: opts.baseUrl, actorId: adminId },
      );
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(payments)
      .set({ refundRef, refundedBy: adminId })
      .where(and(eq(payments.id, p.id), isNull(payments.refundedBy)))
      .returning({ id: payments.id });
    if (!marked) return;
    await audit(tx, {
      at: opts.now,
      actorId: adminId,
      subjectId: memberId,
      action: 'admin.payment-refund',
      details: {
        paymentId: p.id,
        provider: p.provider,
        amount: p.amount,
        refundRef,
        reason: why,
        // Whether this request removed the pass, or the provider's webhook had done it first.
        // 'pending': the provider has yet to finish the refund; the pass stays until it does.
        appliedBy: !applied ? 'pending' : applied.change === 'revoked' ? 'console' : 'webhook',
      },
    });
  });
  if (pending)
    return {
      ok: true,
      message: `Pengembalian dana ${PROVIDER_NAME[p.provider]} sudah diajukan dan masih diproses. Masa aktif yang dibelinya dicabut setelah ${PROVIDER_NAME[p.provider]} menyelesaikannya.`,
    };
  return { ok: true, message: `Dana ${PROVIDER_NAME[p.provider]} dikembalikan; masa aktif yang dibelinya dicabut.` };
}
