import { todayWib } from '../../../server/clock';
import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { jsonError } from '../../../server/http/responses';
import { exportTransactions } from '../../../server/services/portfolio';

export const prerender = false;

/** GET /api/portfolio/export[?portfolio={id}]: the portfolio's transactions as a CSV download in the import format. */
export const GET = memberRoute(async (ctx, viewer) => {
  const file = await exportTransactions(await getDb(), viewer.id, ctx.url.searchParams.get('portfolio'), todayWib());
  if (!file) return jsonError(404, 'Portofolio tidak ditemukan.');
  return new Response(file.csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
});
