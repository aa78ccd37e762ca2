/** The site's sharing card, made at build time. */
import type { APIRoute } from 'astro';
import { renderCard } from '../../server/sharing/card';
import { SITE_CARD } from '../../server/sharing/analysis-cards';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await renderCard(SITE_CARD)), { headers: { 'content-type': 'image/png' } });
