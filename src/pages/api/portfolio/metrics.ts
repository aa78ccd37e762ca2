import { PERIODS } from '../../../domain/portfolio';
import { API_PARAMS, parsePeriodQuery } from '../../../server/services/portfolio';
import { todayWib } from '../../../server/clock';
import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http/responses';
import { metricsReport } from '../../../server/services/portfolio';

export const prerender = false;

/**
 * GET /api/portfolio/metrics[?portfolio={id}][&period=1b|3b|ytd|1t|3t|semua][&from=YYYY-MM-DD&to=YYYY-MM-DD]
 * [&benchmark=COMPOSITE|LQ45|IDX30|JII]: returns, risk, comparison with the index, allocation. A
 * from–to range is answered under `periods.kustom`.
 */
export const GET = memberRoute(async (ctx, viewer) => {
  const today = todayWib();
  const q = parsePeriodQuery(ctx.url.searchParams, API_PARAMS, today);
  if (!q.ok) return jsonError(400, q.message, { fields: { [q.field]: q.message } });
  const preset = q.period && q.period !== 'kustom' ? [q.period] : q.range ? [] : [...PERIODS];
  const view = await metricsReport(await getDb(), viewer.id, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    asOf: today,
    periods: preset,
    range: q.range,
    benchmark: ctx.url.searchParams.get('benchmark'),
  });
  if (view === 'unknown_benchmark') {
    const message = 'Indeks pembanding tidak tersedia. Pilih salah satu indeks yang ada di data pasar.';
    return jsonError(400, message, { fields: { benchmark: message } });
  }
  return view ? json(view) : jsonError(404, 'Portofolio tidak ditemukan.');
});
