import { todayWib } from '../../../server/clock';
import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http/responses';
import { holdingsReport } from '../../../server/services/portfolio';

export const prerender = false;

/** GET /api/portfolio/holdings[?portfolio={id}]: holdings and summary of all the member's portfolios, or one. */
export const GET = memberRoute(async (ctx, viewer) => {
  const view = await holdingsReport(await getDb(), viewer.id, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    asOf: todayWib(),
  });
  return view ? json(view) : jsonError(404, 'Portofolio tidak ditemukan.');
});
