import type { APIRoute } from 'astro';
import { now } from '../../../server/clock';
import { getDb } from '../../../server/db/client';
import { json } from '../../../server/http/responses';
import { handleWebhook } from '../../../server/services/payments';
import { siteOrigin } from '../../../server/site';

export const prerender = false;

/**
 * Midtrans HTTP notifications: signature_key checked (forged → 403), then the status is read from
 * Midtrans and fulfilled once per order. Answers within Midtrans' 5 seconds.
 */
export const POST: APIRoute = async (ctx) => {
  const { request } = ctx;
  const answer = await handleWebhook(
    await getDb(),
    'midtrans',
    { rawBody: await request.text(), headers: request.headers },
    { now: now(), baseUrl: siteOrigin(ctx) },
  );
  return json(answer.body, answer.status);
};
