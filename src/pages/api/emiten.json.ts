/**
 * GET /api/emiten.json — the small static index behind the header's emiten suggestions (ticker, name,
 * sector), pre-rendered at build time from the universe.
 */
import type { APIRoute } from 'astro';
import { UNIVERSE } from '../../domain/universe';
import type { EmitenIndexEntry } from '../../lib/emiten-suggest';

export const prerender = true;

export const GET: APIRoute = () => {
  const index: EmitenIndexEntry[] = UNIVERSE.map((u) => ({ t: u.ticker, n: u.name, s: u.sector, ss: u.subSector }));
  return new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
