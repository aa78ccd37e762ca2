import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

process.env.MIDTRANS_SERVER_KEY = 'SB-Mid-server-unit';
const { hasValidSignature, signatureKey } = await import('./midtrans');

describe('Midtrans signature_key', () => {
  const n = { order_id: 'TLH-1', status_code: '200', gross_amount: '149000.00' };

  it('is SHA512 of order_id + status_code + gross_amount + server key, in hex', () => {
    const expected = createHash('sha512').update('TLH-1200149000.00SB-Mid-server-unit').digest('hex');
    expect(signatureKey(n.order_id, n.status_code, n.gross_amount)).toBe(expected);
    expect(hasValidSignature({ ...n, signature_key: expected })).toBe(true);
  });

  it.each([
    ['another server key', signatureKey(n.order_id, n.status_code, n.gross_amount, 'SB-Mid-server-lain')],
    ['another amount', signatureKey(n.order_id, n.status_code, '1.00')],
    ['upper case', signatureKey(n.order_id, n.status_code, n.gross_amount).toUpperCase()],
    ['empty', ''],
    ['missing', undefined],
  ])('refuses a signature made with %s', (_what, signature) => {
    expect(hasValidSignature({ ...n, signature_key: signature })).toBe(false);
  });
});
