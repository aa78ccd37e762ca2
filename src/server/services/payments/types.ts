/**
 * The payment provider interface the membership code uses. Stripe and Midtrans implement it; which
 * ones are offered depends on configuration (see registry.ts).
 */
import type { Plan } from '../../../domain/plans';
import type { PaymentProviderId, ProviderStatus } from '../../../domain/payments';

export interface CheckoutInput {
  /** Our payment id (Midtrans order id; Stripe metadata and idempotency key). */
  paymentId: string;
  plan: Plan;
  /** Whole Rupiah to charge: the plan's price, less a promo code's discount. */
  amount: number;
  user: { id: string; name: string; email: string };
  /** Absolute URL of this app, e.g. https://telaah.id. */
  baseUrl: string;
}

export interface CheckoutStarted {
  /** The provider's id for this checkout (Stripe session id, Midtrans order id). */
  ref: string;
  /** Where to send the member to pay. */
  redirectUrl: string;
}

export interface ProviderState {
  provider: PaymentProviderId;
  /** Checkout id; absent for events that only name the payment (a Stripe charge refund). */
  ref?: string;
  /** Stripe PaymentIntent / Midtrans transaction id. */
  paymentRef?: string;
  /** Our payment id, when the provider echoes it (Stripe metadata, Midtrans order id). */
  paymentId?: string;
  status: ProviderStatus;
  /** Whole Rupiah, when the provider states an amount. */
  amount?: number;
  /** ISO 4217, upper case. */
  currency?: string;
  /** Plan and member the checkout was created for, when the provider echoes them back. */
  planId?: string;
  userId?: string;
  method?: string;
  /** Whole Rupiah refunded and settled so far, when the provider reports refunds one by one (Stripe). */
  refundedAmount?: number;
  /** The provider's refund a `refund-failed` state is about, and its final status. */
  refund?: { id: string; status: string };
  /** Why a payment failed, in Indonesian. */
  reason?: string;
  /** How to finish a payment that waits for the member (a bank transfer to a virtual account). */
  instructions?: PayInstructions;
}

/** What a member needs to pay a pending bank transfer: where to, and by when. */
export interface PayInstructions {
  /** Lower-case bank code as the provider names it: bca, bni, bri, permata, cimb, mandiri. */
  bank: string;
  /** Virtual account number, or Mandiri Bill's payment code (bill key). */
  number: string;
  /** Mandiri Bill's company code (biller code). */
  billerCode?: string;
  /** Deadline; after it the provider expires the transfer. */
  payBy?: Date;
}

export type NotificationResult =
  /** 400/403: refused (bad signature, not a notification); 200: authentic but unusable, acknowledged and not retried. */
  | { ok: false; status: 200 | 400 | 403; message: string }
  | { ok: true; eventId: string; type: string; state: ProviderState | null };

export interface PaymentProvider {
  id: PaymentProviderId;
  /** Shown on /pay when the member chooses how to pay. */
  label: string;
  methods: string;
  startCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** Asks the provider for the current state of a checkout (never trusts the return URL). */
  fetchState(ref: string): Promise<ProviderState | null>;
  /** Verifies a webhook / notification request and extracts its state change. */
  parseNotification(rawBody: string, headers: Headers): Promise<NotificationResult>;
  /**
   * Refunds a settled payment in full at the provider, safely retried (an idempotency key derived from
   * our payment id); resolves with the provider's id for the refund once the provider has accepted it,
   * `pending` when the provider has yet to finish it (its webhook reports the end).
   */
  refund(payment: RefundInput): Promise<{ refundRef: string; pending?: boolean }>;
}

export interface RefundInput {
  paymentId: string;
  /** Checkout id (Stripe session, Midtrans order id). */
  ref: string | null;
  /** Stripe PaymentIntent / Midtrans transaction id. */
  paymentRef: string | null;
  /** Whole Rupiah. */
  amount: number;
  reason: string;
  /**
   * How many earlier refunds of this payment failed at the provider (0 or absent: none). Part of the
   * idempotency key: a key already used would give the failed refund back instead of making a new one.
   */
  failedBefore?: number;
}

/** The idempotency key of a payment's refund: one per attempt after a failed one, shared by racing callers. */
export function refundKey(p: RefundInput): string {
  return p.failedBefore ? `refund-${p.paymentId}-${p.failedBefore + 1}` : `refund-${p.paymentId}`;
}

/** The provider refused a refund, or the payment lacks what the provider needs to refund it. */
export class RefundRefusedError extends Error {}
