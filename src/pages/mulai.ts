/**
 * Where the installed app starts (the manifest's `start_url`): a signed-in member's portfolio, anyone
 * else's home page. Answered on the server for each viewer and never stored by a cache; the service
 * worker does not keep it either (it keeps only its allow-listed public pages), so offline it opens the
 * offline page as `/` did.
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  new Response(null, {
    status: 302,
    headers: { location: locals.viewer ? '/portofolio/all' : '/', 'cache-control': 'private, no-store' },
  });
