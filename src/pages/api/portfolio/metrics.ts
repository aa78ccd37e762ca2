import { z } from 'zod';
import { PERIODS } from '../../../domain/portfolio';
import { memberRoute, todayWib } from '../../../server/api';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http';
import { metricsReport } from '../../../server/services/portfolio';

export const prerender = false;

const periodParam = z.enum(PERIODS).nullable();

/** GET /api/portfolio/metrics[?portfolio={id}][&period=ytd|1t|3t|semua]: returns, risk, IHSG comparison, allocation. */
export const GET = memberRoute(async (ctx, viewer) => {
  const period = periodParam.safeParse(ctx.url.searchParams.get('period')?.toLowerCase() ?? null);
  if (!period.success)
    return jsonError(400, 'Periode harus ytd, 1t, 3t, atau semua.', { fields: { period: 'tidak dikenal' } });
  const view = await metricsReport(await getDb(), viewer.id, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    asOf: todayWib(),
    periods: period.data ? [period.data] : undefined,
  });
  return view ? json(view) : jsonError(404, 'Portofolio tidak ditemukan.');
});
