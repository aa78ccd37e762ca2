/**
 * The return pages: after the member comes back from the provider, ask the provider for the checkout's
 * state (the query string only names it), fulfil, and say what happened.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { findProvider } from './registry';
import { fulfil, type Payment } from './fulfil';
import type { PaymentProviderId } from '../../../domain/payments';
import { log } from '../../log';

export type CaptureView =
  | { kind: 'not-found' }
  | { kind: 'paid' | 'processing' | 'failed' | 'refunded' | 'open'; payment: Payment; providerUnreachable: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which checkout a return URL names: Stripe's `session_id`, or Midtrans' `order_id` (our payment id).
 * Everything else in the query (Midtrans' status_code, transaction_status) is a hint and is ignored.
 */
function checkoutRefFromQuery(q: URLSearchParams): { provider: PaymentProviderId; ref: string } | null {
  const sessionId = q.get('session_id');
  if (sessionId && /^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return { provider: 'stripe', ref: sessionId };
  const orderId = q.get('order_id');
  if (orderId && UUID.test(orderId)) return { provider: 'midtrans', ref: orderId };
  return null;
}

async function ownPayment(db: Db, userId: string, provider: PaymentProviderId, ref: string): Promise<Payment | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref), eq(payments.userId, userId)))
    .limit(1);
  return p ?? null;
}

function view(p: Payment, providerUnreachable: boolean): CaptureView {
  const kind =
    p.status === 'paid'
      ? 'paid'
      : p.status === 'refunded'
        ? 'refunded'
        : p.status === 'processing'
          ? 'processing'
          : p.status === 'pending'
            ? 'open'
            : 'failed';
  return { kind, payment: p, providerUnreachable };
}

/**
 * Verifies and fulfils the checkout a return URL names, for its owner only (anyone else learns nothing
 * and changes nothing).
 */
export async function captureReturn(
  db: Db,
  userId: string,
  query: URLSearchParams,
  opts: { now: Date; baseUrl: string },
): Promise<CaptureView> {
  const named = checkoutRefFromQuery(query);
  const payment = named
    ? await ownPayment(db, userId, named.provider, named.ref)
    : await ownPaymentById(db, userId, query.get('pembayaran'));
  if (!payment?.providerRef) return { kind: 'not-found' };
  const provider = findProvider(payment.provider);
  let unreachable = false;
  if (provider && payment.status !== 'paid' && payment.status !== 'refunded') {
    try {
      const state = await provider.fetchState(payment.providerRef);
      if (state) return view((await fulfil(db, state, { ...opts })).payment ?? payment, false);
    } catch (err) {
      unreachable = true;
      log('error', 'payment provider unreachable on return', {
        provider: payment.provider,
        paymentId: payment.id,
        error: String(err),
      });
    }
  }
  return view(payment, unreachable);
}

/** A payment of the member by our id (for the error page's `?pembayaran=`), or null. */
async function ownPaymentById(db: Db, userId: string, paymentId: string | null): Promise<Payment | null> {
  if (!paymentId || !UUID.test(paymentId)) return null;
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  return p ?? null;
}
