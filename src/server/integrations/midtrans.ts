/**
 * Midtrans over plain HTTP (Snap for checkout, the Core API for status and refunds). The only file that
 * talks to Midtrans. `MIDTRANS_API_BASE` points both APIs at a local stand-in.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

export interface SnapTransactionInput {
  orderId: string;
  /** Whole Rupiah. */
  amount: number;
  item: { id: string; name: string };
  customer: { name: string; email: string };
  /** Where Snap sends the member after paying (Midtrans appends order_id, status_code, transaction_status). */
  finishUrl: string;
  /** Overrides the dashboard's notification URL for this transaction. */
  notificationUrl: string;
}

/** A transaction as Midtrans reports it (notification body or GET /v2/{order_id}/status). */
export interface MidtransTransaction {
  order_id: string;
  status_code: string;
  gross_amount: string;
  transaction_status: string;
  transaction_id?: string;
  fraud_status?: string;
  payment_type?: string;
  currency?: string;
  signature_key?: string;
  status_message?: string;
  /** Bank transfer: the virtual account(s) issued for this transaction. */
  va_numbers?: { bank: string; va_number: string }[];
  /** Permata bank transfer names its virtual account here instead. */
  permata_va_number?: string;
  /** Mandiri Bill (payment_type `echannel`): company code and payment code. */
  biller_code?: string;
  bill_key?: string;
  /** Until when a pending transfer can be paid, `YYYY-MM-DD HH:mm:ss` in WIB (GMT+7). */
  expiry_time?: string;
}

class MidtransError extends Error {}

/** Midtrans answered a request and refused it (a 4xx `status_code`): trying again will not help. */
export class MidtransRefusedError extends MidtransError {}

function bases(): { snap: string; api: string } {
  const c = config();
  if (c.MIDTRANS_API_BASE) {
    const base = c.MIDTRANS_API_BASE.replace(/\/$/, '');
    return { snap: base, api: base };
  }
  return c.MIDTRANS_IS_PRODUCTION
    ? { snap: 'https://app.midtrans.com', api: 'https://api.midtrans.com' }
    : { snap: 'https://app.sandbox.midtrans.com', api: 'https://api.sandbox.midtrans.com' };
}

function serverKey(): string {
  const key = config().MIDTRANS_SERVER_KEY;
  if (!key) throw new MidtransError('MIDTRANS_SERVER_KEY is not set');
  return key;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${serverKey()}:`).toString('base64')}`,
    ...extra,
  };
}

/** Creates a Snap transaction; resolves with the page to send the member to. */
export async function createSnapTransaction(
  input: SnapTransactionInput,
): Promise<{ token: string; redirectUrl: string }> {
  const res = await fetch(`${bases().snap}/snap/v1/transactions`, {
    method: 'POST',
    headers: headers({ 'x-override-notification': input.notificationUrl }),
    signal: AbortSignal.timeout(15_000),
    body: JSON.stringify({
      transaction_details: { order_id: input.orderId, gross_amount: input.amount },
      item_details: [{ id: input.item.id, name: input.item.name.slice(0, 50), price: input.amount, quantity: 1 }],
      customer_details: { first_name: input.customer.name.slice(0, 255), email: input.customer.email },
      callbacks: { finish: input.finishUrl },
    }),
  });
  const body = (await res.json().catch(() => ({}))) as {
    token?: string;
    redirect_url?: string;
    error_messages?: string[];
  };
  if (!res.ok || !body.token || !body.redirect_url) {
    throw new MidtransError(`Snap ${res.status}: ${(body.error_messages ?? []).join('; ') || 'no redirect_url'}`);
  }
  return { token: body.token, redirectUrl: body.redirect_url };
}

/** The transaction's current status; null when Midtrans has none for this order (not paid for yet). */
export async function getTransactionStatus(orderId: string, timeoutMs = 4_000): Promise<MidtransTransaction | null> {
  const res = await fetch(`${bases().api}/v2/${encodeURIComponent(orderId)}/status`, {
    headers: headers(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json().catch(() => null)) as MidtransTransaction | null;
  if (res.status === 404 || body?.status_code === '404') return null;
  if (!res.ok || !body?.transaction_status)
    throw new MidtransError(`status ${res.status}: ${body?.status_message ?? 'unexpected answer'}`);
  return body;
}

export interface MidtransRefund {
  /** What Midtrans reports for the transaction afterwards (`refund`, `partial_refund`). */
  transactionStatus: string;
  refundKey: string;
}

/**
 * Refunds a settled transaction in full (Core API `POST /v2/{order_id}/refund`). `refundKey` is ours, so a
 * retry cannot refund twice; when Midtrans refuses because the transaction is already refunded (an earlier
 * try, or the dashboard), the status it reports is returned instead of an error.
 */
export async function refundTransaction(input: {
  orderId: string;
  refundKey: string;
  amount: number;
  reason: string;
}): Promise<MidtransRefund> {
  const res = await fetch(`${bases().api}/v2/${encodeURIComponent(input.orderId)}/refund`, {
    method: 'POST',
    headers: headers(),
    signal: AbortSignal.timeout(15_000),
    body: JSON.stringify({ refund_key: input.refundKey, amount: input.amount, reason: input.reason.slice(0, 255) }),
  });
  const body = (await res.json().catch(() => null)) as {
    status_code?: string;
    status_message?: string;
    transaction_status?: string;
  } | null;
  if (res.ok && body?.status_code === '200' && body.transaction_status)
    return { transactionStatus: body.transaction_status, refundKey: input.refundKey };
  const now = await getTransactionStatus(input.orderId).catch(() => null);
  if (now && (now.transaction_status === 'refund' || now.transaction_status === 'partial_refund'))
    return { transactionStatus: now.transaction_status, refundKey: input.refundKey };
  // Midtrans answers refusals with HTTP 200 and a 4xx `status_code` in the body (e.g. 412: a bank
  // transfer cannot be refunded through the API).
  const code = Number(body?.status_code ?? res.status);
  if (code >= 400 && code < 500) throw new MidtransRefusedError(body?.status_message ?? `status ${code}`);
  throw new MidtransError(`refund ${res.status}: ${body?.status_message ?? 'unexpected answer'}`);
}

/** SHA512(order_id + status_code + gross_amount + server key), hex: what Midtrans puts in `signature_key`. */
export function signatureKey(orderId: string, statusCode: string, grossAmount: string, key = serverKey()): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${key}`).digest('hex');
}

/** Whether a notification's `signature_key` was made with our server key (constant-time comparison). */
export function hasValidSignature(
  n: Pick<MidtransTransaction, 'order_id' | 'status_code' | 'gross_amount' | 'signature_key'>,
): boolean {
  const expected = Buffer.from(signatureKey(n.order_id, n.status_code, n.gross_amount), 'utf8');
  const given = Buffer.from(String(n.signature_key ?? ''), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
