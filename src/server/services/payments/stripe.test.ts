import { describe, expect, it } from 'vitest';
import { eventState, sessionState } from './stripe';
import type { CheckoutSessionView } from '../../integrations/stripe';

const session = (over: Partial<CheckoutSessionView> = {}): CheckoutSessionView => ({
  id: 'cs_test_1',
  url: null,
  status: 'complete',
  paymentStatus: 'paid',
  amountTotal: 14_900_000,
  currency: 'idr',
  clientReferenceId: 'u1',
  metadata: { paymentId: 'p1', userId: 'u1', planId: 'reguler-1' },
  paymentIntentId: 'pi_1',
  ...over,
});

describe('Stripe states', () => {
  it.each([
    [{}, 'paid'],
    [{ paymentStatus: 'unpaid' }, 'processing'],
    [{ paymentStatus: 'unpaid', status: 'open' }, 'open'],
    [{ paymentStatus: 'unpaid', status: 'expired' }, 'expired'],
  ] as const)('session %o is %s', (over, status) => {
    expect(sessionState(session(over)).status).toBe(status);
  });

  it('reads whole Rupiah from IDR minor units and the plan from metadata', () => {
    expect(sessionState(session())).toMatchObject({
      ref: 'cs_test_1',
      paymentRef: 'pi_1',
      paymentId: 'p1',
      amount: 149_000,
      currency: 'IDR',
      planId: 'reguler-1',
      userId: 'u1',
    });
  });

  it('maps the events Telaah acts on and ignores the rest', () => {
    expect(
      eventState({
        id: 'e',
        type: 'checkout.session.async_payment_failed',
        session: session({ paymentStatus: 'unpaid' }),
      }),
    ).toMatchObject({ status: 'failed', reason: expect.any(String) });
    expect(
      eventState({
        id: 'e',
        type: 'checkout.session.expired',
        session: session({ paymentStatus: 'unpaid', status: 'expired' }),
      })?.status,
    ).toBe('expired');
    expect(eventState({ id: 'e', type: 'checkout.session.updated', session: session() })).toBeNull();
    const charge = {
      id: 'ch',
      paymentIntentId: 'pi_1',
      amount: 14_900_000,
      amountRefunded: 14_900_000,
      refunded: true,
      currency: 'idr',
    };
    expect(eventState({ id: 'e', type: 'charge.refunded', charge })).toMatchObject({
      paymentRef: 'pi_1',
      status: 'refunded',
    });
    expect(
      eventState({ id: 'e', type: 'charge.refunded', charge: { ...charge, amountRefunded: 100, refunded: false } })
        ?.status,
    ).toBe('partially-refunded');
    expect(eventState({ id: 'e', type: 'payment_intent.succeeded' })).toBeNull();
  });
});
