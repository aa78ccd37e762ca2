/**
 * The service worker script (src/server/pwa/service-worker.ts). Served on request with its own policy:
 * a worker's fetches obey the CSP of its script, so it may connect to this origin and nothing else.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { serviceWorkerSource } from '../server/pwa/service-worker';

export const prerender = false;

const GUIDE = ['/starting-guide/faq', '/starting-guide/navigating-the-app', '/starting-guide/investment-philosophy'];

export const GET: APIRoute = async () => {
  const courses = (await getCollection('courses')).map((c) => `/courses/${c.id}`);
  const body = serviceWorkerSource({
    version: __BUILD_ID__,
    pages: [...GUIDE, '/courses', ...courses],
    offlinePage: '/offline',
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': "default-src 'none'; connect-src 'self'",
    },
  });
};
