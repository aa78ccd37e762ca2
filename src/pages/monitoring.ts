import type { APIRoute } from 'astro';
import { config } from '../server/config';
import { browserMonitoringConfig } from '../server/monitoring/browser-config';
import { relayEnvelope } from '../server/monitoring/tunnel';

export const prerender = false;

/** The monitoring tunnel (docs/product.md §7.5): relays the browser SDK's envelopes to the configured Sentry project. */
export const POST: APIRoute = ({ request }) => relayEnvelope(request, { dsn: config().SENTRY_DSN });

/**
 * The browser's monitoring settings, for pre-rendered pages (server-rendered pages carry them in a meta
 * tag). Fetched only after an error on such a page; 404 when monitoring is off.
 */
export const GET: APIRoute = () => {
  const settings = browserMonitoringConfig();
  if (!settings) return new Response(null, { status: 404 });
  return new Response(JSON.stringify(settings), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
};
