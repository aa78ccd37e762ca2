import { describe, expect, it } from 'vitest';
import { apiBaseOptions } from './stripe';
import { parseConfig } from '../config';

describe('apiBaseOptions', () => {
  it.each([
    [undefined, {}],
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['http://localhost', { host: 'localhost', port: 80, protocol: 'http' }],
    ['https://stripe-proxy.internal', { host: 'stripe-proxy.internal', port: 443, protocol: 'https' }],
  ])('%s → %o', (base, expected) => {
    expect(apiBaseOptions(base)).toEqual(expected);
  });
});

describe('payment configuration', () => {
  it('refuses a Stripe key without the webhook secret, naming the variable', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'Configuration error: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    );
    expect(parseConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_SECRET_KEY).toBe(
      'sk_test_x',
    );
    expect(parseConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });
});
