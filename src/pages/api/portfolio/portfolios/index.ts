import { memberRoute } from '../../../../server/auth/member-route';
import { getDb } from '../../../../server/db/client';
import { json, jsonError, readJson } from '../../../../server/http/responses';
import { createPortfolio, listPortfolios } from '../../../../server/services/portfolio';
import { portfolioBody } from '../../../../server/services/portfolio';

export const prerender = false;

/** GET /api/portfolio/portfolios: the member's portfolios with their settings, the default first. */
export const GET = memberRoute(async (_ctx, viewer) =>
  json({ portfolios: await listPortfolios(await getDb(), viewer.id) }),
);

/** POST /api/portfolio/portfolios: a new portfolio `{ name, buyPct?, sellPct?, dividendTax?, dividendTaxPct?, feesInAverage? }`. */
export const POST = memberRoute(async (ctx, viewer) => {
  const body = portfolioBody.safeParse(await readJson(ctx.request));
  if (!body.success)
    return jsonError(
      400,
      'Isi permintaan harus objek JSON: name, buyPct, sellPct, dividendTax, dividendTaxPct, feesInAverage.',
    );
  const r = await createPortfolio(await getDb(), viewer.id, body.data);
  if (!r.ok) return jsonError(r.status, r.message, r.fields ? { fields: r.fields } : {});
  return json({ portfolio: r.portfolio }, 201);
});
