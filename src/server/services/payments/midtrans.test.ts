import { describe, expect, it } from 'vitest';
import { transactionState } from './midtrans';

const tx = (transaction_status: string, fraud_status?: string) => ({
  order_id: '0b8e1c9e-0000-4000-8000-000000000001',
  status_code: '200',
  gross_amount: '799000.00',
  transaction_status,
  fraud_status,
  transaction_id: 't-1',
  payment_type: 'qris',
});

describe('Midtrans transaction states', () => {
  it.each([
    ['settlement', undefined, 'paid'],
    ['capture', 'accept', 'paid'],
    ['capture', 'challenge', 'processing'],
    ['capture', 'deny', 'failed'],
    ['pending', undefined, 'processing'],
    ['authorize', undefined, 'processing'],
    ['deny', undefined, 'failed'],
    ['cancel', undefined, 'failed'],
    ['failure', undefined, 'failed'],
    ['expire', undefined, 'expired'],
    ['refund', undefined, 'refunded'],
    ['partial_refund', undefined, 'partially-refunded'],
    ['something_new', undefined, 'open'],
  ])('%s (fraud %s) is %s', (status, fraud, expected) => {
    expect(transactionState(tx(status, fraud)).status).toBe(expected);
  });

  it('reads the amount in whole Rupiah and names the payment by its order id', () => {
    expect(transactionState(tx('settlement'))).toMatchObject({
      provider: 'midtrans',
      ref: '0b8e1c9e-0000-4000-8000-000000000001',
      paymentId: '0b8e1c9e-0000-4000-8000-000000000001',
      paymentRef: 't-1',
      amount: 799_000,
      currency: 'IDR',
      method: 'qris',
    });
  });

  it('explains failures in Indonesian', () => {
    expect(transactionState(tx('expire')).reason).toMatch(/Batas waktu/);
    expect(transactionState(tx('deny')).reason).toMatch(/ditolak/);
  });
});
