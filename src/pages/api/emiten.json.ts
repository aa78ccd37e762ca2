/**
 * GET /api/emiten.json — the index behind the header's emiten suggestions (ticker, name, sector,
 * sub-sector of every emiten in the market data). Served with a strong ETag that changes only when
 * the market data does: browsers revalidate (`no-cache`) and get 304 until an import or the daily
 * update changes something. Gzipped when the client accepts it (≈ 9 KB for 950 emiten).
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client';
import { emitenDirectory } from '../../server/services/research';

export const prerender = false;

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks for GET). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export const GET: APIRoute = async ({ request }) => {
  const dir = await emitenDirectory(await getDb());
  const headers = new Headers({
    etag: dir.etag,
    'cache-control': 'public, no-cache',
    vary: 'Accept-Encoding',
  });
  if (matches(request.headers.get('if-none-match'), dir.etag)) return new Response(null, { status: 304, headers });
  headers.set('content-type', 'application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    headers.set('content-encoding', 'gzip');
    return new Response(new Uint8Array(dir.gzip), { headers });
  }
  return new Response(dir.json, { headers });
};
