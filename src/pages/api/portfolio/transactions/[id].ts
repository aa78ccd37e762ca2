import { todayWib } from '../../../../server/clock';
import { memberRoute } from '../../../../server/auth/member-route';
import { getDb } from '../../../../server/db/client';
import { json, jsonError, readJson } from '../../../../server/http/responses';
import { deleteTransaction, getTransaction, updateTransaction } from '../../../../server/services/portfolio';
import { transactionBody } from '../../../../server/services/portfolio';

export const prerender = false;

/** GET /api/portfolio/transactions/{id}: one of the member's transactions. */
export const GET = memberRoute(async (ctx, viewer) => {
  const t = await getTransaction(await getDb(), viewer.id, ctx.params.id);
  return t ? json({ transaction: t }) : jsonError(404, 'Transaksi tidak ditemukan.');
});

/** PATCH /api/portfolio/transactions/{id}: changes the fields given; refused (409) when a later sell would break. */
export const PATCH = memberRoute(async (ctx, viewer) => {
  const body = transactionBody.safeParse(await readJson(ctx.request));
  if (!body.success) return jsonError(400, 'Isi permintaan harus objek JSON dengan kolom yang diubah.');
  const r = await updateTransaction(await getDb(), viewer.id, ctx.params.id, body.data, { today: todayWib() });
  if (!r.ok) return jsonError(r.status, r.message, r.fields ? { fields: r.fields } : {});
  return json({ transaction: r.transaction, warnings: r.warnings });
});

/** DELETE /api/portfolio/transactions/{id}: refused (409) when a later sell needs it, naming that sell. */
export const DELETE = memberRoute(async (ctx, viewer) => {
  const r = await deleteTransaction(await getDb(), viewer.id, ctx.params.id);
  if (!r.ok) return jsonError(r.status, r.message);
  return json({ deleted: r.deleted });
});
