import type { APIRoute } from 'astro';
import { now } from '../../../server/clock';
import { getDb } from '../../../server/db/client';
import { json } from '../../../server/http/responses';
import { handleWebhook } from '../../../server/services/payments';
import { siteOrigin } from '../../../server/site';

export const prerender = false;

/** Stripe events: verified over the raw body with STRIPE_WEBHOOK_SECRET (bad or stale signature → 400), then fulfilled once. */
export const POST: APIRoute = async (ctx) => {
  const { request } = ctx;
  const answer = await handleWebhook(
    await getDb(),
    'stripe',
    { rawBody: await request.text(), headers: request.headers },
    { now: now(), baseUrl: siteOrigin(ctx) },
  );
  return json(answer.body, answer.status);
};
