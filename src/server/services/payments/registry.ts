/**
 * Which payment providers this server offers, from its configuration: Stripe when STRIPE_SECRET_KEY
 * (and its webhook secret) is set, Midtrans when MIDTRANS_SERVER_KEY is set. With none configured,
 * /pay says so instead of starting a checkout; with both, the member chooses.
 */
import { config, type Config } from '../../config';
import { midtransProvider } from './midtrans';
import { stripeProvider } from './stripe';
import type { PaymentProvider } from './types';
import type { PaymentProviderId } from '../../../domain/payments';

/** The providers on offer, in the order /pay lists them. */
export function configuredProviders(c: Config = config()): PaymentProvider[] {
  const list: PaymentProvider[] = [];
  if (c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET) list.push(stripeProvider);
  if (c.MIDTRANS_SERVER_KEY) list.push(midtransProvider);
  return list;
}

/** A configured provider by id, or undefined when it is unknown or switched off. */
export function findProvider(id: string, c: Config = config()): PaymentProvider | undefined {
  return configuredProviders(c).find((p) => p.id === (id as PaymentProviderId));
}

/**
 * Where /pay's form may send the member: the hosted checkout pages of the configured providers (the
 * page's CSP `form-action` must allow them, since browsers apply it to the redirect after the post).
 */
export function checkoutOrigins(c: Config = config()): string[] {
  const ids = configuredProviders(c).map((p) => p.id);
  const origins: string[] = [];
  if (ids.includes('stripe'))
    origins.push(c.STRIPE_API_BASE ? new URL(c.STRIPE_API_BASE).origin : 'https://checkout.stripe.com');
  if (ids.includes('midtrans')) {
    const snap = c.MIDTRANS_IS_PRODUCTION ? 'https://app.midtrans.com' : 'https://app.sandbox.midtrans.com';
    origins.push(c.MIDTRANS_API_BASE ? new URL(c.MIDTRANS_API_BASE).origin : snap);
  }
  return origins;
}
