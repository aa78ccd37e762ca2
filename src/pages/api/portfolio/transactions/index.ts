import { z } from 'zod';
import { todayWib } from '../../../../server/clock';
import { memberRoute } from '../../../../server/auth/member-route';
import { getDb } from '../../../../server/db/client';
import { json, jsonError, readJson } from '../../../../server/http/responses';
import { addTransaction, findPortfolio, listTransactions } from '../../../../server/services/portfolio';
import { transactionBody } from '../../../../server/services/portfolio';

export const prerender = false;

const pageParams = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(500).catch(50),
});

/** GET /api/portfolio/transactions[?portfolio={id}][&page=1&pageSize=50]: newest first. */
export const GET = memberRoute(async (ctx, viewer) => {
  const db = await getDb();
  const portfolioId = ctx.url.searchParams.get('portfolio');
  if (portfolioId && !(await findPortfolio(db, viewer.id, portfolioId)))
    return jsonError(404, 'Portofolio tidak ditemukan.');
  const { page, pageSize } = pageParams.parse(Object.fromEntries(ctx.url.searchParams));
  return json(await listTransactions(db, viewer.id, { portfolioId, page, pageSize }));
});

/** POST /api/portfolio/transactions: a buy, sell or manual dividend (JSON); 201 with the stored transaction and warnings. */
export const POST = memberRoute(async (ctx, viewer) => {
  const body = transactionBody.safeParse(await readJson(ctx.request));
  if (!body.success)
    return jsonError(
      400,
      'Isi permintaan harus objek JSON dengan kolom transaksi (date, ticker, type, shares, price, fee).',
    );
  const portfolioId = body.data.portfolioId ?? ctx.url.searchParams.get('portfolio');
  const r = await addTransaction(await getDb(), viewer.id, portfolioId, body.data, { today: todayWib() });
  if (!r.ok) return jsonError(r.status, r.message, r.fields ? { fields: r.fields } : {});
  return json({ transaction: r.transaction, warnings: r.warnings }, 201);
});
