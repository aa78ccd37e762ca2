import { describe, expect, it } from 'vitest';
import { eventState, refundEventIntent, refundsState, sessionState } from './stripe';
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
    // A refund event names its PaymentIntent; what it means is read from that intent's refunds.
    expect(refundEventIntent({ id: 'e', type: 'charge.refunded', charge })).toBe('pi_1');
    const refund = (status: string, amount = 14_900_000, id = `re_${status}`) => ({
      id,
      status,
      amount,
      alreadyRefunded: false,
      paymentIntentId: 'pi_1',
    });
    expect(refundEventIntent({ id: 'e', type: 'refund.failed', refund: refund('failed') })).toBe('pi_1');
    expect(refundEventIntent({ id: 'e', type: 'checkout.session.completed', session: session() })).toBeNull();
  });

  it('a pending refund is not done; a succeeded one is, by its sum; a failed one names itself', () => {
    const refund = (status: string, amount = 14_900_000, id = `re_${status}`) => ({
      id,
      status,
      amount,
      alreadyRefunded: false,
      paymentIntentId: 'pi_1',
    });
    expect(refundsState('pi_1', [refund('pending')])?.status).toBe('refund-pending');
    expect(refundsState('pi_1', [refund('requires_action')])?.status).toBe('refund-pending');
    expect(refundsState('pi_1', [refund('succeeded'), refund('pending', 100, 're_2')])?.status).toBe('refund-pending');
    expect(refundsState('pi_1', [refund('succeeded')])).toEqual({
      provider: 'stripe',
      paymentRef: 'pi_1',
      status: 'refunded',
      refundedAmount: 149_000,
    });
    expect(refundsState('pi_1', [refund('failed', 14_900_000, 're_a'), refund('succeeded', 100)])).toMatchObject({
      status: 'refunded',
      refundedAmount: 1,
    });
    expect(refundsState('pi_1', [refund('canceled')])).toEqual({
      provider: 'stripe',
      paymentRef: 'pi_1',
      status: 'refund-failed',
      refund: { id: 're_canceled', status: 'canceled' },
    });
    expect(refundsState('pi_1', [])).toBeNull();
    expect(eventState({ id: 'e', type: 'payment_intent.succeeded' })).toBeNull();
  });
});
