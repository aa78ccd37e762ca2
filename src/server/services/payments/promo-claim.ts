/**
 * A promo code's limits, kept when a payment settles (decision 0047). The check on /pay counts paid
 * payments only, so a member with two checkouts open, or two members taking a code's last use at once,
 * would each pass it and pay the discounted amount. fulfil() therefore claims the use again in its own
 * transaction, under the member's lock and the code's row lock: of racing settlements exactly one counts
 * within the limits. A payment over a limit is refused (`rejected`, nothing granted) and refunded in full.
 */
import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog, payments, promoCodes } from '../../db/schema';
import { audit } from '../audit';
import { findProvider } from './registry';
import { log } from '../../log';

type Payment = typeof payments.$inferSelect;

/** The end of every refusal's reason: how the payment is told apart as one to refund. */
const REFUND_NOTE = 'Pembayaran ini tidak mengaktifkan paket, dan dananya kami kembalikan penuh.';

/**
 * Why `p` may not use its promo code now (null: it may). Call inside fulfil's transaction, after the
 * member's lock: the code's row is locked here, so racing settlements of the code count each other.
 */
export async function promoRefusal(tx: Tx, p: Payment): Promise<string | null> {
  if (!p.promoCodeId) return null;
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, p.promoCodeId)).for('update');
  // A code deleted since the checkout: the discount was offered and charged, nothing to keep.
  if (!promo) return null;
  const paidWith = async (extra?: ReturnType<typeof eq>) =>
    (
      await tx
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.promoCodeId, promo.id), eq(payments.status, 'paid'), ne(payments.id, p.id), extra))
    )[0]?.n ?? 0;
  if (p.userId && (await paidWith(eq(payments.userId, p.userId))) >= promo.perMember)
    return `Kode promo ${promo.code} sudah Anda gunakan pada pembayaran lain. ${REFUND_NOTE}`;
  if (promo.maxUses !== null && (await paidWith()) >= promo.maxUses)
    return `Kuota kode promo ${promo.code} sudah habis saat pembayaran ini diterima. ${REFUND_NOTE}`;
  return null;
}

/** A payment refused by promoRefusal() whose money has not been sent back yet. */
export function promoRefundDue(p: Payment | null): p is Payment {
  return !!p && p.status === 'rejected' && !p.refundRef && !!p.failureReason?.endsWith(REFUND_NOTE);
}

/**
 * fulfil's `payment.refund-failed` entries of payment `p`: found through its member's entries (the audit
 * log's subject index), never by reading the whole log.
 */
export function refundFailedEntries(p: Pick<Payment, 'id' | 'userId'>): SQL | undefined {
  return and(
    p.userId ? eq(auditLog.subjectId, p.userId) : isNull(auditLog.subjectId),
    eq(auditLog.action, 'payment.refund-failed'),
    sql`${auditLog.details}->>'paymentId' = ${p.id}`,
  );
}

/** How many refunds of payment `p` the provider failed. */
export async function refundsFailedBefore(db: Db | Tx, p: Pick<Payment, 'id' | 'userId'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(refundFailedEntries(p));
  return row?.n ?? 0;
}

/**
 * Refunds a payment refused over its promo code's limit, in full, at its provider (idempotency key
 * `refundKey`: one per attempt after a refund the provider failed, so a retry never refunds twice) and
 * records the refund's id. Called after fulfil's transaction each time the provider reports the payment
 * settled, until it succeeds; a failure is logged and audited for the admin (`payment.promo-refund-failed`).
 */
export async function refundOverLimit(db: Db, p: Payment, now: Date): Promise<void> {
  const provider = findProvider(p.provider);
  try {
    if (!provider) throw new Error(`provider ${p.provider} is not configured on this server`);
    const { refundRef } = await provider.refund({
      paymentId: p.id,
      failedBefore: await refundsFailedBefore(db, p),
      ref: p.providerRef,
      paymentRef: p.providerPaymentRef,
      amount: p.amount,
      reason: 'promo code over its limit',
    });
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(payments)
        .set({ refundRef })
        .where(and(eq(payments.id, p.id), isNull(payments.refundRef)))
        .returning({ id: payments.id });
      if (marked)
        await audit(tx, {
          at: now,
          actorId: null,
          subjectId: p.userId,
          action: 'payment.promo-refund',
          details: { paymentId: p.id, provider: p.provider, amount: p.amount, refundRef },
        });
    });
  } catch (err) {
    log('error', 'promo over-limit refund failed', { paymentId: p.id, provider: p.provider, error: String(err) });
    await audit(db, {
      at: now,
      actorId: null,
      subjectId: p.userId,
      action: 'payment.promo-refund-failed',
      details: { paymentId: p.id, provider: p.provider, amount: p.amount, error: String(err) },
    });
  }
}
