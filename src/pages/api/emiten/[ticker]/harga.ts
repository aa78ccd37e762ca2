/**
 * GET /api/emiten/{TICKER}/harga — daily bars of one emiten for the price chart, restated in today's
 * share count. Public market data (no gated text); its caching headers come from src/server/http/http-cache.ts.
 */
import type { APIRoute } from 'astro';
import { isStockCode } from '../../../../domain/idx';
import { getDb } from '../../../../server/db/client';
import { jsonError, json } from '../../../../server/http/responses';
import { findEmiten } from '../../../../server/services/research';
import { adjustedBars, dateAt, marketHistory } from '../../../../server/services/research';

export const prerender = false;

const round2 = (n: number) => Math.round(n * 100) / 100;

export const GET: APIRoute = async ({ params }) => {
  const ticker = (params.ticker ?? '').toUpperCase();
  if (!isStockCode(ticker) || !(await findEmiten(await getDb(), ticker)))
    return jsonError(404, `Emiten ${ticker || '(kosong)'} tidak ditemukan.`);
  const history = await marketHistory(await getDb(), ticker);
  const adjusted = adjustedBars(history);
  const bars = Array.from({ length: adjusted.length }, (_, i) => [
    dateAt(adjusted, i),
    round2(adjusted.open[i]!),
    round2(adjusted.high[i]!),
    round2(adjusted.low[i]!),
    round2(adjusted.close[i]!),
    adjusted.volume[i]!,
  ]);
  return json({ ticker, adjusted: history.changes.length > 0, bars });
};
