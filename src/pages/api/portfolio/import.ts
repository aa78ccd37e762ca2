import { todayWib } from '../../../server/clock';
import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { json, jsonError } from '../../../server/http/responses';
import { importTransactions } from '../../../server/services/portfolio';

export const prerender = false;

/**
 * The CSV text and file name from a `text/csv` body or a form's `file` field; a string is an Indonesian
 * error. The body's size is capped before it gets here (src/server/http/body-limits.ts).
 */
async function readCsv(request: Request): Promise<{ text: string; fileName: string | null } | string> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await request.formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string' || file.size === 0)
      return 'Pilih berkas CSV yang akan diimpor (kolom "file").';
    return { text: await file.text(), fileName: file.name || null };
  }
  const text = await request.text();
  if (!text.trim())
    return 'Isi permintaan kosong: kirim berkas CSV sebagai text/csv atau sebagai kolom formulir "file".';
  return { text, fileName: null };
}

/**
 * POST /api/portfolio/import[?portfolio={id}][&preview=1]: imports a transaction CSV (all or nothing),
 * or with `preview=1` only checks it. An import with failing rows is refused (400 with the rows); a check
 * that finds failing rows has done what was asked, so it answers 200 with `ok: false` and the same rows
 * (the import form checks first, so a member's expected mistakes are never logged by the browser as
 * failed requests). A file already imported adds nothing.
 */
export const POST = memberRoute(async (ctx, viewer) => {
  const file = await readCsv(ctx.request);
  if (typeof file === 'string') return jsonError(400, file);
  const preview = ['1', 'true', 'ya'].includes(ctx.url.searchParams.get('preview') ?? '');
  const report = await importTransactions(await getDb(), viewer.id, file.text, {
    portfolioId: ctx.url.searchParams.get('portfolio'),
    preview,
    fileName: file.fileName,
    today: todayWib(),
  });
  if (report.ok) return json(report);
  const rows = report.errors.map((e) => ({ line: e.line ?? 0, column: e.column, message: e.message, row: e.row }));
  const status = preview && report.errors.length > 0 ? 200 : report.status;
  return json({ ...report, error: report.message, rows }, status);
});
