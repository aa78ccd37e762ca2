import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { processTelegram } from '../../../server/services/telegram';
import { log } from '../../../server/log';

export const prerender = false;

/** Telegram's webhook: the bot checks the secret-token header (401 otherwise) and handles the update. */
export const POST: APIRoute = async ({ request }) => {
  const telegram = await processTelegram(await getDb());
  if (!telegram) return new Response('"telegram not configured"', { status: 503 });
  try {
    return await telegram.tg.handleWebhook(request);
  } catch (err) {
    // A 500 makes Telegram deliver the update again later; the update id was given back.
    log('error', 'telegram update failed', { error: String(err) });
    return new Response('"error"', { status: 500 });
  }
};
