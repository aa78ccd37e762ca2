import { memberRoute, todayWib } from '../../../server/api';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http';
import { dividendsReport } from '../../../server/services/portfolio';

export const prerender = false;

/** GET /api/portfolio/dividends[?portfolio={id}]: dividends received and upcoming, per-year totals, yield on cost. */
export const GET = memberRoute(async (ctx, viewer) => {
  const view = await dividendsReport(await getDb(), viewer.id, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    asOf: todayWib(),
  });
  return view ? json(view) : jsonError(404, 'Portofolio tidak ditemukan.');
});
