import type { APIRoute } from 'astro';
import { absoluteUrl } from '../server/site';
import { analysisEntries } from '../server/services/sitemap';
import { urlsetXml, xmlResponse } from '../server/services/sitemap';

export const prerender = false;

export const GET: APIRoute = async (ctx) => xmlResponse(urlsetXml(await analysisEntries((p) => absoluteUrl(ctx, p))));
