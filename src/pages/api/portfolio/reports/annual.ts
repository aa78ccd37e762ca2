import { todayWib } from '../../../../server/clock';
import { memberRoute } from '../../../../server/auth/member-route';
import { getDb } from '../../../../server/db/client';
import { jsonError } from '../../../../server/http/responses';
import { annualReportFor, isReportYear } from '../../../../server/services/portfolio';
import { isOwnKey } from '../../../../lib/own';
// The PDF and spreadsheet writers load here only, not with every page that reads the portfolio folder.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { annualCsv, annualPdf, annualXlsx } from '../../../../server/services/portfolio/annual-files';

export const prerender = false;

const TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
type Format = keyof typeof TYPES;

/**
 * GET /api/portfolio/reports/annual?year=YYYY&format=pdf|xlsx|csv: the member's yearly report for the
 * tax return over all their portfolios, as a download. Only years that have ended.
 */
export const GET = memberRoute(async (ctx, viewer) => {
  const today = todayWib();
  const rawYear = ctx.url.searchParams.get('year') ?? '';
  const format = (ctx.url.searchParams.get('format') ?? '').toLowerCase();
  const year = /^\d{4}$/.test(rawYear) ? Number(rawYear) : NaN;
  if (!isReportYear(year, today)) {
    const message = `Tahun harus tahun yang sudah berakhir, paling akhir ${Number(today.slice(0, 4)) - 1}.`;
    return jsonError(400, message, { fields: { year: message } });
  }
  if (!isOwnKey(TYPES, format)) {
    const message = 'Format harus pdf, xlsx, atau csv.';
    return jsonError(400, message, { fields: { format: message } });
  }
  const report = await annualReportFor(await getDb(), viewer.id, year);
  const f: Format = format;
  const body =
    f === 'csv'
      ? `\uFEFF${annualCsv(report)}`
      : f === 'xlsx'
        ? await annualXlsx(report)
        : await annualPdf(report, new Date(), { name: viewer.name, email: viewer.email });
  return new Response(body as BodyInit, {
    headers: {
      'content-type': TYPES[f],
      'content-disposition': `attachment; filename="telaah-laporan-spt-${year}.${f}"`,
      'cache-control': 'no-store',
    },
  });
});
