/**
 * Stripe Checkout as a PaymentProvider: maps sessions, events and charges to ProviderState.
 */
import { planLabel } from '../../../lib/labels';
import {
  createCheckoutSession,
  createRefund,
  IDR_MINOR_UNITS,
  listRefunds,
  retrieveCheckoutSession,
  MalformedWebhookEventError,
  verifyWebhook,
  WebhookSignatureError,
  type CheckoutSessionView,
  type RefundView,
  type WebhookEventView,
} from '../../integrations/stripe';
import {
  RefundRefusedError,
  refundKey,
  type NotificationResult,
  type PaymentProvider,
  type ProviderState,
} from './types';

const ASYNC_FAILURE_REASON = 'Bank atau penyedia pembayaran menolak pembayaran ini. Tidak ada dana yang ditarik.';

function toRupiah(minor: number | null): number | undefined {
  return minor === null ? undefined : minor / IDR_MINOR_UNITS;
}

/** The state a session describes. */
export function sessionState(s: CheckoutSessionView): ProviderState {
  const status =
    s.paymentStatus === 'paid'
      ? 'paid'
      : s.status === 'expired'
        ? 'expired'
        : s.status === 'complete'
          ? 'processing'
          : 'open';
  return {
    provider: 'stripe',
    ref: s.id,
    paymentRef: s.paymentIntentId ?? undefined,
    paymentId: s.metadata.paymentId,
    status,
    amount: toRupiah(s.amountTotal),
    currency: s.currency?.toUpperCase(),
    planId: s.metadata.planId,
    userId: s.metadata.userId ?? s.clientReferenceId ?? undefined,
    method: 'stripe',
  };
}

/** The state change an event announces; null for events Telaah does not act on. */
export function eventState(e: WebhookEventView): ProviderState | null {
  if (e.session) {
    const s = sessionState(e.session);
    switch (e.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return s;
      case 'checkout.session.async_payment_failed':
        return { ...s, status: 'failed', reason: ASYNC_FAILURE_REASON };
      case 'checkout.session.expired':
        return { ...s, status: 'expired' };
      default:
        return null;
    }
  }
  return null;
}

/** Events that say something about a refund; what they mean is read from the PaymentIntent's refunds. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

/** The PaymentIntent a refund event is about, or null for any other event. */
export function refundEventIntent(e: WebhookEventView): string | null {
  if (!REFUND_EVENTS.has(e.type)) return null;
  return e.charge?.paymentIntentId ?? e.refund?.paymentIntentId ?? null;
}

/**
 * Where a PaymentIntent's refunds stand, from the list Stripe gives now. A refund may be `pending` (or
 * `requires_action`) for days and end `succeeded`, `failed` or `canceled`; Stripe counts a pending refund
 * in the charge's `refunded` already, so the charge alone cannot say the money went back. While any is
 * open: `refund-pending`. Else what succeeded is `refunded` (fulfil compares the sum with the payment).
 * Else, when one failed or was canceled: `refund-failed`, naming the newest such refund.
 */
export function refundsState(paymentIntentId: string, refunds: RefundView[]): ProviderState | null {
  const base = { provider: 'stripe' as const, paymentRef: paymentIntentId };
  if (refunds.some((r) => r.status === 'pending' || r.status === 'requires_action'))
    return { ...base, status: 'refund-pending' };
  const succeeded = refunds.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amount, 0);
  if (succeeded > 0) return { ...base, status: 'refunded', refundedAmount: toRupiah(succeeded) };
  const failed = refunds.find((r) => r.status === 'failed' || r.status === 'canceled');
  return failed ? { ...base, status: 'refund-failed', refund: { id: failed.id, status: failed.status! } } : null;
}

export const stripeProvider: PaymentProvider = {
  id: 'stripe',
  label: 'Kartu kredit / debit',
  methods: 'Visa, Mastercard, JCB, American Express — diproses oleh Stripe',

  async startCheckout({ paymentId, plan, amount, user, baseUrl }) {
    const session = await createCheckoutSession({
      paymentId,
      userId: user.id,
      email: user.email,
      planId: plan.id,
      description: `Telaah ${planLabel(plan)}`,
      amount,
      // Stripe fills in {CHECKOUT_SESSION_ID}; the page asks Stripe about that session, never trusting the URL.
      successUrl: `${baseUrl}/payment-capture?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${baseUrl}/payment-capture/cancel`,
    });
    if (!session.url) throw new Error(`Stripe session ${session.id} has no checkout URL`);
    return { ref: session.id, redirectUrl: session.url };
  },

  async fetchState(ref) {
    const session = await retrieveCheckoutSession(ref);
    return session ? sessionState(session) : null;
  },

  async parseNotification(rawBody, headers): Promise<NotificationResult> {
    try {
      const event = verifyWebhook(rawBody, headers.get('stripe-signature'));
      const intent = refundEventIntent(event);
      // Refund events arrive in any order and a pending refund may still fail: Stripe is asked how they stand.
      const state = intent ? refundsState(intent, await listRefunds(intent)) : eventState(event);
      return { ok: true, eventId: event.id, type: event.type, state };
    } catch (err) {
      if (err instanceof WebhookSignatureError)
        return { ok: false, status: 400, message: 'Tanda tangan webhook tidak valid.' };
      // Signed by Stripe, so delivering it again would not make it readable: acknowledged, not retried.
      if (err instanceof MalformedWebhookEventError)
        return { ok: false, status: 200, message: 'Peristiwa tidak dikenali; ditolak.' };
      throw err;
    }
  },

  async refund(p) {
    if (!p.paymentRef) throw new RefundRefusedError('Stripe belum memberi nomor pembayaran (PaymentIntent).');
    const r = await createRefund({
      paymentIntentId: p.paymentRef,
      paymentId: p.paymentId,
      idempotencyKey: refundKey(p),
    });
    const open = (x: RefundView) => x.status === 'pending' || x.status === 'requires_action';
    if (r.alreadyRefunded) {
      // Stripe counts a pending refund as refunded already (one made in its dashboard, or ours under a key
      // it no longer remembers): the charge is not back until that refund succeeds.
      const pendingRefund = (await listRefunds(p.paymentRef)).find(open);
      if (pendingRefund) return { refundRef: pendingRefund.id, pending: true };
    }
    const pending = open(r);
    if (!r.alreadyRefunded && r.status !== 'succeeded' && !pending)
      throw new RefundRefusedError(
        `Stripe tidak menyelesaikan pengembalian dana (status ${r.status ?? 'tidak diketahui'}).`,
      );
    return { refundRef: r.alreadyRefunded ? 'stripe:sudah-dikembalikan' : r.id, pending };
  },
};
