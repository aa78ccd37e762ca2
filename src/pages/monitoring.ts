import type { APIRoute } from 'astro';
import { config } from '../server/config';

export const prerender = false;

/** The monitoring tunnel (SPEC §7.5). With no SENTRY_DSN configured there is nothing to relay: 404. */
export const POST: APIRoute = async () => {
  if (!config().SENTRY_DSN) return new Response(null, { status: 404 });
  return new Response(null, { status: 501 });
};
