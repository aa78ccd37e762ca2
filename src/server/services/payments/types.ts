/**
 * The payment provider interface the membership code uses. Stripe and Midtrans implement it; which
 * ones are offered depends on configuration (see registry.ts).
 */
import type { Plan } from '../../../domain/plans';
import type { PaymentProviderId } from '../../db/schema';

export type { PaymentProviderId };

export interface CheckoutInput {
  /** Our payment id (Midtrans order id; Stripe metadata and idempotency key). */
  paymentId: string;
  plan: Plan;
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

/**
 * The provider's verified word on one checkout. `open` changes nothing; `processing` means accepted
 * but not settled yet (bank transfer, virtual account, card review).
 */
export type ProviderStatus = 'open' | 'processing' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially-refunded';

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
  /** Why a payment failed, in Indonesian. */
  reason?: string;
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
}

export class ProviderUnavailableError extends Error {}
