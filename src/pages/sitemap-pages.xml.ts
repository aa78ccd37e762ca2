import type { APIRoute } from 'astro';
import { absoluteUrl } from '../server/site';
import { pageEntries } from '../server/services/sitemap';
import { urlsetXml, xmlResponse } from '../server/services/sitemap';

export const prerender = false;

export const GET: APIRoute = async (ctx) => xmlResponse(urlsetXml(await pageEntries((p) => absoluteUrl(ctx, p))));
