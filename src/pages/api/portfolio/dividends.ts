import { API_PARAMS, parsePeriodQuery } from '../../../server/services/portfolio';
import { todayWib } from '../../../server/clock';
import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http/responses';
import { dividendsReport } from '../../../server/services/portfolio';

export const prerender = false;

/**
 * GET /api/portfolio/dividends[?portfolio={id}][&period=1b|3b|ytd|1t|3t|semua][&from=YYYY-MM-DD&to=YYYY-MM-DD]:
 * dividends received (in the period, by payment date) and upcoming, per-year totals, yield on cost.
 */
export const GET = memberRoute(async (ctx, viewer) => {
  const today = todayWib();
  const q = parsePeriodQuery(ctx.url.searchParams, API_PARAMS, today);
  if (!q.ok) return jsonError(400, q.message, { fields: { [q.field]: q.message } });
  const view = await dividendsReport(await getDb(), viewer.id, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    asOf: today,
    period: q.period,
    range: q.range,
  });
  return view ? json(view) : jsonError(404, 'Portofolio tidak ditemukan.');
});
