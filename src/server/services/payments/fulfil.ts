/**
 * fulfil(): the one place a provider's verified state changes a payment and the member's passes. The
 * return pages and the webhooks all call it. Exactly once, by the database:
 * - each webhook event id is stored under a unique key, so a repeated delivery is recognised;
 * - each status change is a conditional UPDATE (`… WHERE status IN (…)`), so of any number of racing
 *   callers exactly one moves a payment to `paid` (or `refunded`) and rebuilds the passes;
 * - changes for one member are serialised by a row lock on the member, taken before anything else is
 *   written, so racing callers queue instead of deadlocking.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { auditLog, paymentEvents, payments } from '../../db/schema';
import type { PaymentStatus } from '../../../domain/payments';
import { wibDate } from '../../../domain/dates';
import { lockMembers, recomputePasses } from './schedule';
import { sendReceiptMail } from './receipts';
import { activateGift, giftRedeemer, mailActivatedGift, refundGift } from '../membership/gifts';
import { promoRefundDue, promoRefusal, refundFailedEntries, refundOverLimit } from './promo-claim';
import type { ProviderState } from './types';
import { log } from '../../log';

export type Payment = typeof payments.$inferSelect;

export type FulfilChange =
  'granted' | 'revoked' | 'updated' | 'unchanged' | 'duplicate-event' | 'unknown-payment' | 'rejected';

export interface FulfilResult {
  payment: Payment | null;
  change: FulfilChange;
  /** A gift payment just granted: the plain token of its link, to be mailed (never stored). */
  giftToken?: string;
}

export interface FulfilOptions {
  now: Date;
  /** The webhook event that carried the state, stored so that a redelivery changes nothing. */
  event?: { id: string; type: string };
  /** Absolute app URL for links in the receipt email. */
  baseUrl?: string;
  /** Who caused the change, for the audit entry (an admin refunding from the console); else the provider. */
  actorId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MISMATCH =
  'Jumlah, mata uang, atau paket dari penyedia pembayaran tidak cocok dengan pesanan. Hubungi kami; tidak ada akses yang diberikan.';

async function findPayment(tx: Tx, s: ProviderState): Promise<Payment | null> {
  const by = async (cond: ReturnType<typeof and>) => (await tx.select().from(payments).where(cond).limit(1))[0] ?? null;
  if (s.ref) {
    const found = await by(and(eq(payments.provider, s.provider), eq(payments.providerRef, s.ref)));
    if (found) return found;
  }
  if (s.paymentId && UUID.test(s.paymentId)) {
    // A checkout whose reference was never stored (the server stopped between the provider call and the write).
    const found = await by(and(eq(payments.provider, s.provider), eq(payments.id, s.paymentId)));
    if (found && (!found.providerRef || found.providerRef === s.ref)) return found;
  }
  if (s.paymentRef) return by(and(eq(payments.provider, s.provider), eq(payments.providerPaymentRef, s.paymentRef)));
  return null;
}

function mismatch(p: Payment, s: ProviderState): boolean {
  if (s.amount !== undefined && s.amount !== p.amount) return true;
  if (s.currency !== undefined && s.currency !== p.currency) return true;
  if (s.planId !== undefined && s.planId !== p.planId) return true;
  return s.userId !== undefined && p.userId !== null && s.userId !== p.userId;
}

/** Moves the payment to `to` when its status is one of `from`; returns the updated row or null. */
async function transition(
  tx: Tx,
  p: Payment,
  from: { in?: PaymentStatus[]; notIn?: PaymentStatus[] },
  set: PgUpdateSetSource<typeof payments>,
): Promise<Payment | null> {
  const cond = from.in ? inArray(payments.status, from.in) : notInArray(payments.status, from.notIn!);
  const [row] = await tx
    .update(payments)
    .set(set)
    .where(and(eq(payments.id, p.id), cond))
    .returning();
  return row ?? null;
}

async function grant(tx: Tx, p: Payment, s: ProviderState, now: Date): Promise<FulfilResult> {
  const refusal = await promoRefusal(tx, p);
  if (refusal) {
    // Over the code's limit (another settlement took the use first): nothing granted, refunded after commit.
    const rejected = await transition(
      tx,
      p,
      { notIn: ['paid', 'refunded', 'rejected'] },
      {
        status: 'rejected',
        failureReason: refusal,
        providerRef: p.providerRef ?? s.ref ?? null,
        providerPaymentRef: s.paymentRef ?? p.providerPaymentRef,
        method: s.method ?? p.method,
      },
    );
    if (!rejected) return { payment: p, change: 'unchanged' };
    await tx.insert(auditLog).values({
      at: now,
      actorId: null,
      subjectId: rejected.userId,
      action: 'payment.promo-over-limit',
      details: { paymentId: rejected.id, code: rejected.promoCode, amount: rejected.amount },
    });
    return { payment: rejected, change: 'rejected' };
  }
  const receiptNumber = sql<string>`${`TLH-${wibDate(now).slice(0, 4)}-`} || lpad(nextval('payment_receipt_seq')::text, 6, '0')`;
  const paid = await transition(
    tx,
    p,
    { notIn: ['paid', 'refunded', 'rejected'] },
    {
      status: 'paid',
      paidAt: now,
      receiptNumber,
      providerRef: p.providerRef ?? s.ref ?? null,
      providerPaymentRef: s.paymentRef ?? p.providerPaymentRef,
      method: s.method ?? p.method,
      failureReason: null,
    },
  );
  if (!paid) return { payment: p, change: 'unchanged' };
  if (paid.gift) {
    // A gift grants the buyer nothing: it becomes redeemable by its link (decision 0041).
    const activated = await activateGift(tx, paid, now);
    await tx.insert(auditLog).values({
      at: now,
      actorId: paid.userId,
      subjectId: paid.userId,
      action: 'payment.paid',
      details: { paymentId: paid.id, planId: paid.planId, amount: paid.amount, gift: true },
    });
    return { payment: paid, change: 'granted', giftToken: activated?.token };
  }
  if (!paid.userId) return { payment: paid, change: 'granted' };
  const pass = (await recomputePasses(tx, paid.userId)).get(paid.id)!;
  const [withPeriod] = await tx
    .update(payments)
    .set({ periodStartsAt: pass.startsAt, periodEndsAt: pass.endsAt, creditDays: pass.creditDays })
    .where(eq(payments.id, paid.id))
    .returning();
  await tx.insert(auditLog).values({
    at: now,
    actorId: paid.userId,
    subjectId: paid.userId,
    action: 'payment.paid',
    details: { paymentId: paid.id, planId: paid.planId, amount: paid.amount },
  });
  return { payment: withPeriod!, change: 'granted' };
}

const PROVIDER_NAME = { stripe: 'Stripe', midtrans: 'Midtrans' } as const;

/**
 * A refund the provider could not finish (failed, canceled): the money stayed with us and so does the pass.
 * The admin reads why on the member's page (the audit entry's reason), once per refund however many events
 * say so; the console's mark is cleared, so the refund may be asked for again.
 */
async function refundFailed(tx: Tx, p: Payment, s: ProviderState, now: Date): Promise<FulfilResult> {
  if (!s.refund) return { payment: p, change: 'unchanged' };
  // A payment refused over its promo code's limit whose refund failed: its mark is cleared too, so the
  // next report of the payment refunds it again (promo-claim.ts), under a new idempotency key.
  const refused = p.status === 'rejected' && p.refundRef === s.refund.id;
  if (p.status !== 'paid' && !refused) return { payment: p, change: 'unchanged' };
  const [seen] = await tx
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(refundFailedEntries(p), sql`${auditLog.details}->>'refundRef' = ${s.refund.id}`))
    .limit(1);
  if (seen) return { payment: p, change: 'unchanged' };
  const [cleared] = await tx
    .update(payments)
    .set({ refundRef: null, refundedBy: null })
    .where(and(eq(payments.id, p.id), eq(payments.refundRef, s.refund.id)))
    .returning();
  const name = PROVIDER_NAME[p.provider];
  await tx.insert(auditLog).values({
    at: now,
    actorId: null,
    subjectId: p.userId,
    action: 'payment.refund-failed',
    details: {
      paymentId: p.id,
      refundRef: s.refund.id,
      status: s.refund.status,
      reason: refused
        ? `Pengembalian dana ${name} untuk pembayaran yang ditolak (kode promo melewati batasnya) gagal (status: ${s.refund.status}). Dana belum kembali ke anggota; dicoba lagi saat ${name} mengabarkan pembayaran ini lagi, atau kembalikan lewat dasbor ${name}.`
        : `Pengembalian dana ${name} gagal (status: ${s.refund.status}). Dana belum kembali ke anggota dan masa aktifnya tetap; coba kembalikan lagi atau periksa di dasbor ${name}.`,
    },
  });
  log('error', 'refund failed at the provider', { paymentId: p.id, refund: s.refund.id, status: s.refund.status });
  return { payment: cleared ?? p, change: 'updated' };
}

async function apply(tx: Tx, p: Payment, s: ProviderState, now: Date, actorId: string | null): Promise<FulfilResult> {
  if ((s.status === 'paid' || s.status === 'processing') && mismatch(p, s)) {
    const rejected = await transition(
      tx,
      p,
      { notIn: ['paid', 'refunded', 'rejected'] },
      { status: 'rejected', failureReason: MISMATCH },
    );
    log('error', 'payment does not match its plan', {
      paymentId: p.id,
      provider: s.provider,
      amount: s.amount,
      currency: s.currency,
      planId: s.planId,
    });
    return { payment: rejected ?? p, change: rejected ? 'rejected' : 'unchanged' };
  }
  switch (s.status) {
    case 'paid':
      return grant(tx, p, s, now);
    case 'processing': {
      // Only from pending: a late "completed, not yet paid" must not undo a failure that came first. A
      // payment already processing only takes the transfer's details (where and by when to pay).
      const i = s.instructions;
      const row = await transition(
        tx,
        p,
        { in: i ? ['pending', 'processing'] : ['pending'] },
        {
          status: 'processing',
          method: s.method ?? p.method,
          ...(i
            ? { payBank: i.bank, payNumber: i.number, payBillerCode: i.billerCode ?? null, payBy: i.payBy ?? null }
            : {}),
        },
      );
      return { payment: row ?? p, change: row ? 'updated' : 'unchanged' };
    }
    case 'failed':
    case 'expired': {
      const row = await transition(
        tx,
        p,
        { in: ['pending', 'processing'] },
        { status: s.status, failureReason: s.reason ?? null },
      );
      return { payment: row ?? p, change: row ? 'updated' : 'unchanged' };
    }
    case 'refund-pending':
      // The provider has not finished the refund: the pass stays until it reports it succeeded.
      return { payment: p, change: 'unchanged' };
    case 'refund-failed':
      return refundFailed(tx, p, s, now);
    case 'refunded': {
      // Less than the whole payment has come back (a partial refund): the pass stays.
      if (s.refundedAmount !== undefined && s.refundedAmount < p.amount) return { payment: p, change: 'unchanged' };
      const row = await transition(tx, p, { in: ['paid'] }, { status: 'refunded', refundedAt: now });
      if (!row) return { payment: p, change: 'unchanged' };
      if (row.gift) await refundGift(tx, row, now, actorId);
      if (row.userId) {
        await recomputePasses(tx, row.userId);
        await tx.insert(auditLog).values({
          at: now,
          actorId,
          subjectId: row.userId,
          action: 'payment.refunded',
          details: { paymentId: row.id },
        });
      }
      return { payment: row, change: 'revoked' };
    }
    default:
      // 'open' and partial refunds leave the pass as it is.
      return { payment: p, change: 'unchanged' };
  }
}

/** A gift was redeemed between reading its redeemer and taking the locks: start again (once suffices). */
class RedeemerChanged extends Error {}

/** Applies a provider's verified state to its payment, exactly once; sends the receipt on a grant. */
export async function fulfil(db: Db, state: ProviderState, opts: FulfilOptions): Promise<FulfilResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fulfilOnce(db, state, opts);
    } catch (err) {
      if (!(err instanceof RedeemerChanged) || attempt >= 3) throw err;
    }
  }
}

async function fulfilOnce(db: Db, state: ProviderState, opts: FulfilOptions): Promise<FulfilResult> {
  const result = await db.transaction(async (tx) => {
    const payment = await findPayment(tx, state);
    // The member's lock comes first, before any row that references the payment is written: every
    // caller for this member then queues at the same place. A gift's refund also needs its redeemer's
    // lock: both are taken together, in id order, the order a redemption takes them in (no deadlock
    // between two members who gift each other). Under the buyer's lock no redemption can change the
    // redeemer, so one read afterwards confirms the pair.
    if (payment?.userId) {
      const redeemer = payment.gift ? await giftRedeemer(tx, payment.id) : null;
      const locked = await lockMembers(tx, [payment.userId, redeemer]);
      if (payment.gift) {
        const current = await giftRedeemer(tx, payment.id);
        if (current && !locked.includes(current)) throw new RedeemerChanged();
      }
    }
    if (opts.event) {
      const stored = await tx
        .insert(paymentEvents)
        .values({
          provider: state.provider,
          eventId: opts.event.id,
          type: opts.event.type,
          paymentId: payment?.id ?? null,
          receivedAt: opts.now,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (stored.length === 0) return { payment, change: 'duplicate-event' as const };
    }
    if (!payment) return { payment: null, change: 'unknown-payment' as const };
    // Read again under the lock: a racing caller may have settled it since.
    const [fresh] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    return apply(tx, fresh!, state, opts.now, opts.actorId ?? null);
  });
  // A settlement refused over its promo code's limit is refunded, retried with each report of the settlement.
  if (state.status === 'paid' && promoRefundDue(result.payment)) {
    const refused = result.payment;
    await Promise.race([
      refundOverLimit(db, refused, opts.now),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]);
  }
  if (result.change === 'granted' && result.payment && (result.payment.userId || result.giftToken)) {
    const payment = result.payment;
    const token = result.giftToken;
    const mail = Promise.all([
      sendReceiptMail(db, payment, opts.baseUrl).catch((err: unknown) =>
        log('error', 'receipt mail failed', { paymentId: payment.id, error: String(err) }),
      ),
      token &&
        mailActivatedGift(db, payment, token, opts.baseUrl).catch((err: unknown) =>
          log('error', 'gift mail failed', { paymentId: payment.id, error: String(err) }),
        ),
    ]);
    // Webhooks must answer quickly (Midtrans: 5 s); a slow mail server finishes in the background.
    await Promise.race([mail, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
  // The token leaves with the mail only.
  return { payment: result.payment, change: result.change };
}
