import { memberRoute } from '../../../../server/auth/member-route';
import { getDb } from '../../../../server/db/client';
import { json, jsonError, readJson } from '../../../../server/http/responses';
import { updatePortfolio } from '../../../../server/services/portfolio';
import { portfolioBody } from '../../../../server/services/portfolio';

export const prerender = false;

/** PATCH /api/portfolio/portfolios/{id}: rename or change settings. */
export const PATCH = memberRoute(async (ctx, viewer) => {
  const body = portfolioBody.safeParse(await readJson(ctx.request));
  if (!body.success)
    return jsonError(
      400,
      'Isi permintaan harus objek JSON: name, buyPct, sellPct, dividendTax, dividendTaxPct, feesInAverage.',
    );
  const r = await updatePortfolio(await getDb(), viewer.id, ctx.params.id, body.data);
  if (!r.ok) return jsonError(r.status, r.message, r.fields ? { fields: r.fields } : {});
  return json({ portfolio: r.portfolio });
});
