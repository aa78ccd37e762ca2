import type { APIRoute } from 'astro';
import { now } from '../../../server/clock';
import { config } from '../../../server/config';
import { getDb } from '../../../server/db/client';
import { json } from '../../../server/http';
import { handleWebhook } from '../../../server/services/payments/webhooks';

export const prerender = false;

/** Stripe events: verified over the raw body with STRIPE_WEBHOOK_SECRET (bad or stale signature → 400), then fulfilled once. */
export const POST: APIRoute = async ({ request, url }) => {
  const answer = await handleWebhook(
    await getDb(),
    'stripe',
    { rawBody: await request.text(), headers: request.headers },
    { now: now(), baseUrl: config().APP_URL ?? url.origin },
  );
  return json(answer.body, answer.status);
};
