/**
 * Provider webhooks (Stripe events, Midtrans notifications): verify, then fulfil. Answers quickly with
 * a small JSON body; a repeated delivery is acknowledged and changes nothing.
 */
import type { Db } from '../../db/client';
import { findProvider } from './registry';
import { fulfil } from './fulfil';
import type { PaymentProviderId } from '../../../domain/payments';
import { log } from '../../log';

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function handleWebhook(
  db: Db,
  providerId: PaymentProviderId,
  request: { rawBody: string; headers: Headers },
  opts: { now: Date; baseUrl?: string },
): Promise<WebhookAnswer> {
  const provider = findProvider(providerId);
  if (!provider) return { status: 404, body: { error: 'Penyedia pembayaran ini tidak aktif di server ini.' } };
  let parsed;
  try {
    parsed = await provider.parseNotification(request.rawBody, request.headers);
  } catch (err) {
    // The provider could not be asked for the status: answer non-2xx so that it delivers again.
    log('error', 'webhook could not be verified', { provider: providerId, error: String(err) });
    return { status: 503, body: { error: 'Status pembayaran belum bisa diperiksa; kirim ulang nanti.' } };
  }
  if (!parsed.ok) {
    log('warn', 'webhook rejected', { provider: providerId, status: parsed.status });
    return parsed.status === 200
      ? { status: 200, body: { received: true, rejected: parsed.message } }
      : { status: parsed.status, body: { error: parsed.message } };
  }
  if (!parsed.state) return { status: 200, body: { received: true, ignored: parsed.type } };
  const result = await fulfil(db, parsed.state, {
    now: opts.now,
    baseUrl: opts.baseUrl,
    event: { id: parsed.eventId, type: parsed.type },
  });
  log('info', 'webhook processed', {
    provider: providerId,
    event: parsed.eventId,
    type: parsed.type,
    change: result.change,
    paymentId: result.payment?.id,
  });
  return { status: 200, body: { received: true, change: result.change } };
}
