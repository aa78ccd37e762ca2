/**
 * Stripe, the only file that imports the SDK. It speaks in small plain shapes so the rest of the app
 * never depends on Stripe's types. `STRIPE_API_BASE` points the SDK at a local stand-in.
 */
import Stripe from 'stripe';
import { config } from '../config';

/** IDR is a two-decimal currency in Stripe: Rp 149.000 is 14 900 000. */
export const IDR_MINOR_UNITS = 100;

export interface CheckoutSessionView {
  id: string;
  url: string | null;
  /** open | complete | expired (Stripe may add values). */
  status: string | null;
  /** paid | unpaid | no_payment_required. */
  paymentStatus: string;
  /** In minor units (see IDR_MINOR_UNITS). */
  amountTotal: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
}

export interface ChargeView {
  id: string;
  paymentIntentId: string | null;
  amount: number;
  amountRefunded: number;
  refunded: boolean;
  currency: string;
}

export interface WebhookEventView {
  id: string;
  type: string;
  session?: CheckoutSessionView;
  charge?: ChargeView;
  refund?: RefundView;
}

export interface CreateCheckoutInput {
  /** Our payment id: idempotency key and metadata. */
  paymentId: string;
  userId: string;
  email: string;
  planId: string;
  /** What the member sees on Stripe's page, e.g. "Telaah Reguler 1 bulan". */
  description: string;
  /** Whole Rupiah. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
}

class StripeNotConfiguredError extends Error {}

/** `http://127.0.0.1:12111` → the SDK's host / port / protocol options; nothing for the real API. */
export function apiBaseOptions(base: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

let client: Stripe | undefined;

function stripe(): Stripe {
  const c = config();
  if (!c.STRIPE_SECRET_KEY) throw new StripeNotConfiguredError('STRIPE_SECRET_KEY is not set');
  client ??= new Stripe(c.STRIPE_SECRET_KEY, {
    ...apiBaseOptions(c.STRIPE_API_BASE),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
  return client;
}

function idOf(v: string | { id: string } | null | undefined): string | null {
  return v == null ? null : typeof v === 'string' ? v : v.id;
}

function sessionView(s: Stripe.Checkout.Session): CheckoutSessionView {
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status ?? null,
    paymentStatus: s.payment_status,
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
    clientReferenceId: s.client_reference_id ?? null,
    metadata: { ...(s.metadata ?? {}) },
    paymentIntentId: idOf(s.payment_intent),
  };
}

function chargeView(ch: Stripe.Charge): ChargeView {
  return {
    id: ch.id,
    paymentIntentId: idOf(ch.payment_intent),
    amount: ch.amount,
    amountRefunded: ch.amount_refunded,
    refunded: ch.refunded,
    currency: ch.currency,
  };
}

/** Creates a Checkout Session (mode payment, IDR) for one pass; retried safely under our payment id. */
export async function createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSessionView> {
  const metadata = { paymentId: input.paymentId, userId: input.userId, planId: input.planId };
  const session = await stripe().checkout.sessions.create(
    {
      mode: 'payment',
      currency: 'idr',
      client_reference_id: input.userId,
      customer_email: input.email,
      locale: 'id',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'idr',
            unit_amount: input.amount * IDR_MINOR_UNITS,
            product_data: { name: input.description },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata, description: input.description },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey: `checkout-${input.paymentId}` },
  );
  return sessionView(session);
}

/** The session as Stripe knows it now; null when Stripe has no such session. */
export async function retrieveCheckoutSession(id: string): Promise<CheckoutSessionView | null> {
  try {
    return sessionView(await stripe().checkout.sessions.retrieve(id));
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
    throw err;
  }
}

export interface RefundView {
  id: string;
  /** succeeded | pending | requires_action | failed | canceled. */
  status: string | null;
  /** In minor units. */
  amount: number;
  /** True when Stripe had refunded the whole charge before this request (no new refund was made). */
  alreadyRefunded: boolean;
  paymentIntentId: string | null;
}

function refundView(r: Stripe.Refund): RefundView {
  return {
    id: r.id,
    status: r.status ?? null,
    amount: r.amount,
    alreadyRefunded: false,
    paymentIntentId: idOf(r.payment_intent),
  };
}

/** Every refund of a PaymentIntent as Stripe knows it now (webhooks about refunds arrive in any order). */
export async function listRefunds(paymentIntentId: string): Promise<RefundView[]> {
  const out: RefundView[] = [];
  for await (const r of stripe().refunds.list({ payment_intent: paymentIntentId, limit: 100 })) out.push(refundView(r));
  return out;
}

/**
 * Refunds a PaymentIntent in full. Retried safely: the same `idempotencyKey` gives back the same refund.
 * A charge refunded before (in Stripe's dashboard, say) is reported as `alreadyRefunded`, not thrown.
 */
export async function createRefund(input: {
  paymentIntentId: string;
  paymentId: string;
  idempotencyKey: string;
}): Promise<RefundView> {
  try {
    const r = await stripe().refunds.create(
      {
        payment_intent: input.paymentIntentId,
        reason: 'requested_by_customer',
        metadata: { paymentId: input.paymentId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return refundView(r);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded')
      return {
        id: '',
        status: 'succeeded',
        amount: 0,
        alreadyRefunded: true,
        paymentIntentId: input.paymentIntentId,
      };
    throw err;
  }
}

export class WebhookSignatureError extends Error {}

/** A correctly signed event that is not shaped like a Stripe event. */
export class MalformedWebhookEventError extends Error {}

/** How far the signature's timestamp may lie from our clock, either way. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

function signatureTimestamp(signature: string): number | undefined {
  const t = /(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1];
  return t ? Number(t) : undefined;
}

/**
 * Verifies the `Stripe-Signature` header over the raw body (HMAC with STRIPE_WEBHOOK_SECRET, a timestamp
 * within 5 minutes of now in the past or the future) and returns the event; throws WebhookSignatureError
 * for a bad or stale signature and MalformedWebhookEventError for a signed body that is not an event.
 */
export function verifyWebhook(rawBody: string, signature: string | null): WebhookEventView {
  const secret = config().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new StripeNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
  }
  // The SDK bounds the timestamp's age only; one from the future would stay valid for as long.
  const t = signatureTimestamp(signature);
  if (t === undefined || t > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('signature timestamp is in the future');
  const shape = event as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
  if (
    typeof shape?.id !== 'string' ||
    typeof shape.type !== 'string' ||
    typeof shape.data?.object !== 'object' ||
    shape.data.object === null
  )
    throw new MalformedWebhookEventError('signed body is not a Stripe event');
  const object = event.data.object as { object?: string };
  return {
    id: event.id,
    type: event.type,
    session: object.object === 'checkout.session' ? sessionView(object as Stripe.Checkout.Session) : undefined,
    charge: object.object === 'charge' ? chargeView(object as Stripe.Charge) : undefined,
    refund: object.object === 'refund' ? refundView(object as Stripe.Refund) : undefined,
  };
}
