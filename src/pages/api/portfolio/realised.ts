import { todayWib } from '../../../server/clock';
import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http/responses';
import { realisedReport } from '../../../server/services/portfolio';

export const prerender = false;

/**
 * GET /api/portfolio/realised[?portfolio={id}][&year=YYYY]: every sale with proceeds after fees, cost
 * removed, realised P/L (Rp and ratio) and holding period, newest first; totals per sale year.
 */
export const GET = memberRoute(async (ctx, viewer) => {
  const rawYear = ctx.url.searchParams.get('year');
  if (rawYear !== null && !/^\d{4}$/.test(rawYear)) {
    const message = 'Tahun harus empat angka, misalnya 2025.';
    return jsonError(400, message, { fields: { year: message } });
  }
  const view = await realisedReport(await getDb(), viewer.id, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    asOf: todayWib(),
    year: rawYear === null ? null : Number(rawYear),
  });
  return view ? json(view) : jsonError(404, 'Portofolio tidak ditemukan.');
});
