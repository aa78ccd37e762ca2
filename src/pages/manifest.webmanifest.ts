import type { APIRoute } from 'astro';
import { webManifest } from '../server/pwa/manifest';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(webManifest(), null, 2), { headers: { 'content-type': 'application/manifest+json' } });
