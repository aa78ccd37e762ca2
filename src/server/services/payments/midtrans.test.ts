import { describe, expect, it } from 'vitest';
import { midtransTime, payInstructions, transactionState } from './midtrans';

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

describe('Midtrans bank transfers waiting for the member', () => {
  const pending = (extra: Record<string, unknown>) => ({
    ...tx('pending'),
    status_code: '201',
    payment_type: 'bank_transfer',
    transaction_time: '2026-11-20 10:00:00',
    expiry_time: '2026-11-21 10:00:00',
    ...extra,
  });

  it('reads Midtrans times as WIB', () => {
    expect(midtransTime('2026-11-21 10:00:00')?.toISOString()).toBe('2026-11-21T03:00:00.000Z');
    expect(midtransTime('21/11/2026')).toBeUndefined();
    expect(midtransTime(undefined)).toBeUndefined();
  });

  it('takes the virtual account from va_numbers, with the deadline', () => {
    const state = transactionState(pending({ va_numbers: [{ bank: 'bca', va_number: '12112345678' }] }));
    expect(state).toMatchObject({ status: 'processing', method: 'bank_transfer' });
    expect(state.instructions).toEqual({
      bank: 'bca',
      number: '12112345678',
      payBy: new Date('2026-11-21T03:00:00Z'),
    });
  });

  it('takes Permata from permata_va_number and Mandiri Bill from biller_code and bill_key', () => {
    expect(payInstructions(pending({ permata_va_number: '850003072869607' }))).toMatchObject({
      bank: 'permata',
      number: '850003072869607',
    });
    expect(
      payInstructions(pending({ payment_type: 'echannel', biller_code: '70012', bill_key: '778347787706' })),
    ).toMatchObject({ bank: 'mandiri', number: '778347787706', billerCode: '70012' });
  });

  it('has no instructions for a QRIS wait, nor once the transfer is settled or expired', () => {
    expect(transactionState(tx('pending')).instructions).toBeUndefined();
    const va = { va_numbers: [{ bank: 'bni', va_number: '9888500212345678' }] };
    expect(transactionState({ ...pending(va), transaction_status: 'settlement' }).instructions).toBeUndefined();
    expect(transactionState({ ...pending(va), transaction_status: 'expire' }).instructions).toBeUndefined();
  });
});
