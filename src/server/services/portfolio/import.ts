/**
 * CSV import into a portfolio: every row checked with the rules of a single entry plus the history
 * rules over the portfolio with the file added; all or nothing; a file already imported into the
 * portfolio adds nothing (unique key on the hash of its rows). The preview runs the same checks and
 * writes nothing.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { tradeValue } from '../../../domain/portfolio/money';
import { formatDateTime, formatNumber } from '../../../lib/format';
import type { Db, Tx } from '../../db/client';
import { dailyPrices, emiten, portfolioImports, transactions } from '../../db/schema';
import { fileHash, readTransactionsCsv, type CsvTransactionRow, type ImportProblem, type ReadCsv } from './csv';
import { quoteRow } from '../../../lib/row-quote';
import {
  byDateAndSeq,
  coveredDividendMessages,
  historyChange,
  laterOversellMessage,
  loadHistory,
  lockPortfolio,
  ownOversellMessage,
  warrantTerms,
  withWarrantTerms,
  type HistoryTransaction,
} from './history';
import { isWarrantCode } from '../../../domain/corporate/codes';
import { resolvePortfolio } from './portfolios';
import { checkDraft, readDraft, readType } from '../../../domain/portfolio/entry-rules';
import { parseDate } from '../../../domain/market-values';
import type { Portfolio } from './types';
import type { ImportReport, PreviewRow } from '../../../lib/island-props';

export type { ImportReport } from '../../../lib/island-props';

const PREVIEW_ROWS = 50;
const MAX_LISTED = 200;
const MAX_ROWS = 50_000;
const BATCH = 1_000;

export interface ImportOptions {
  portfolioId?: string | null;
  preview: boolean;
  fileName?: string | null;
  today: string;
}

interface Checked {
  read: ReadCsv;
  rows: PreviewRow[];
  errors: ImportProblem[];
  warnings: ImportProblem[];
  hash: string | null;
}

/** Single-entry rules for every row (one emiten query for the whole file). */
async function checkRows(db: Db | Tx, portfolio: Portfolio, read: ReadCsv, today: string): Promise<Checked> {
  const errors = [...read.errors];
  const warnings: ImportProblem[] = [];
  const drafts = read.rows.map((r) => ({ line: r.line, ...readDraft(r.raw) }));
  const tickers = [...new Set(drafts.flatMap((d) => (d.draft ? [d.draft.ticker] : [])))];
  const known = new Map(
    tickers.length === 0
      ? []
      : (
          await db
            .select({ ticker: emiten.ticker, listingDate: emiten.listingDate, delistedAt: emiten.delistedAt })
            .from(emiten)
            .where(inArray(emiten.ticker, tickers))
        ).map((e) => [e.ticker, e] as const),
  );
  const days = await dayRanges(
    db,
    drafts.flatMap((d) => (d.draft ? [d.draft] : [])),
  );
  const rows: PreviewRow[] = [];
  for (const { line, draft, fields } of drafts) {
    for (const [key, message] of Object.entries(fields)) errors.push({ line, column: read.column(key), message });
    if (!draft) continue;
    // The preview is the confirmation: a price outside the day's range is a warning shown before the import.
    const c = checkDraft(draft, {
      today,
      emiten: known.get(draft.ticker),
      settings: portfolio.settings,
      day: days.get(`${draft.ticker} ${draft.date}`) ?? null,
      priceConfirmed: true,
    });
    for (const [key, message] of Object.entries(c.fields)) errors.push({ line, column: read.column(key), message });
    for (const message of c.warnings)
      warnings.push({
        line,
        column: read.column(message.includes('lembar bukan kelipatan') ? 'quantity' : 'price'),
        message,
      });
    rows.push({
      ...draft,
      line,
      fee: c.fee,
      feeComputed: draft.fee === null,
      value: tradeValue(draft.shares, draft.price),
    });
  }
  const hash = errors.length === 0 ? fileHash(drafts.map((d) => d.draft!)) : null;
  return { read, rows, errors, warnings, hash };
}

/** The traded range of each (ticker, date) of the drafts, keyed `TICKER YYYY-MM-DD`. */
async function dayRanges(
  db: Db | Tx,
  drafts: { ticker: string; date: string }[],
): Promise<Map<string, { low: number; high: number }>> {
  const tickers = [...new Set(drafts.map((d) => d.ticker))];
  if (tickers.length === 0) return new Map();
  const dates = drafts.map((d) => d.date).sort();
  const found = await db
    .select({ ticker: dailyPrices.ticker, date: dailyPrices.date, low: dailyPrices.low, high: dailyPrices.high })
    .from(dailyPrices)
    .where(
      and(
        inArray(dailyPrices.ticker, tickers),
        gte(dailyPrices.date, dates[0]!),
        lte(dailyPrices.date, dates.at(-1)!),
        inArray(dailyPrices.date, [...new Set(dates)]),
      ),
    );
  return new Map(found.map((r) => [`${r.ticker} ${r.date}`, { low: r.low, high: r.high }]));
}

/** Kinds that add shares of their own code: a refused one can be why a later sell has too few. */
const ADDS_SHARES: ReadonlySet<string> = new Set(['buy', 'rights_exercise']);

/** Rows of one code in (date, line) order; `firsts[i]`: the four lowest lines among rows 0..i. */
interface Ranked {
  rows: { date: string; line: number }[];
  firsts: number[][];
}

/** Per code, its rows ranked once, so each knock-on explanation is a binary search. */
function rankByCode(rows: { ticker: string; date: string; line: number }[]): Map<string, Ranked> {
  const byCode = new Map<string, Ranked>();
  for (const r of rows) {
    const ranked = byCode.get(r.ticker) ?? { rows: [], firsts: [] };
    ranked.rows.push({ date: r.date, line: r.line });
    byCode.set(r.ticker, ranked);
  }
  for (const ranked of byCode.values()) {
    ranked.rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.line - b.line));
    let firsts: number[] = [];
    for (const r of ranked.rows) {
      firsts = [...firsts, r.line].sort((a, b) => a - b).slice(0, 4);
      ranked.firsts.push(firsts);
    }
  }
  return byCode;
}

/** The four lowest lines among the leading rows of `ranked` for which `upTo` holds (true, then false). */
function firstLines(ranked: Ranked | undefined, upTo: (r: { date: string; line: number }) => boolean): number[] {
  if (!ranked) return [];
  let [lo, hi] = [0, ranked.rows.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (upTo(ranked.rows[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? [] : ranked.firsts[lo - 1]!;
}

/** How many knock-on explanations were computed (read by the tests: at most MAX_LISTED per import). */
export const knockOnCount = { computed: 0 };

/**
 * The rows of the file behind a sell of `ticker` on `date` exceeding holdings (a knock-on error): rows of
 * that code refused for their own errors (left out of the count), and sells of it counted before (earlier
 * dates, or the same date higher in the file). A refused row is named only when its date and type read
 * as the import reads them, its date is not after the sell and its type adds shares (a buy, a rights
 * exercise): a refused sell or dividend takes nothing away, and a row whose date or type cannot be read
 * cannot be placed before the sell. `line` is the sell's own row, or null for a sell already in the
 * portfolio.
 */
function knockOnCauses(
  o: { ticker: string; date: string },
  line: number | null,
  sells: Map<string, Ranked>,
  refusedBuys: Map<string, Ranked>,
): string {
  knockOnCount.computed++;
  const refused = firstLines(refusedBuys.get(o.ticker), (r) => r.date <= o.date);
  const sold = firstLines(
    sells.get(o.ticker),
    (r) => r.date < o.date || (r.date === o.date && (line === null || r.line < line)),
  );
  const list = (lines: number[]) => `baris ${lines.slice(0, 3).join(', ')}${lines.length > 3 ? ', …' : ''}`;
  const parts = [
    ...(refused.length ? [`akibat ${list(refused)} yang ditolak (tidak ikut dihitung)`] : []),
    ...(sold.length ? [`${refused.length ? 'dan' : 'akibat'} penjualan ${o.ticker} di ${list(sold)}`] : []),
  ];
  return parts.length ? ` Ini ${parts.join(' ')}.` : '';
}

/** History rules over the portfolio with the file's rows appended (in file order, after existing same-day rows). */
async function historyProblems(
  tx: Db | Tx,
  portfolio: Portfolio,
  rows: PreviewRow[],
  faulty: readonly CsvTransactionRow[],
): Promise<ImportProblem[]> {
  const tickers = [...new Set(rows.map((r) => r.ticker))];
  const before = await loadHistory(tx, portfolio.id, tickers);
  const terms = new Map<string, Awaited<ReturnType<typeof warrantTerms>>>();
  for (const code of tickers.filter(isWarrantCode)) terms.set(code, await warrantTerms(tx, code));
  const problems: ImportProblem[] = [];
  const added: HistoryTransaction[] = rows.map((r, i) => {
    if (r.type === 'warrant_exercise' && !terms.get(r.ticker))
      problems.push({
        line: r.line,
        column: 'kode',
        message: `Waran ${r.ticker} belum punya data pelaksanaan (harga dan rasio).`,
      });
    const t: HistoryTransaction = {
      id: `row:${r.line}`,
      seq: Number.MAX_SAFE_INTEGER - rows.length + i,
      portfolioId: portfolio.id,
      date: r.date,
      ticker: r.ticker,
      type: r.type,
      shares: r.shares,
      price: r.price,
      fee: r.fee,
    };
    return withWarrantTerms(t, terms.get(r.ticker));
  });
  const after = [...before, ...added].sort(byDateAndSeq);
  const change = await historyChange(tx, before, after);
  // Explanations only for the oversells that can be listed: the errors are listed sorted by line (a
  // stable sort), so those are among the first MAX_LISTED oversells in that order.
  const oversells = change.oversells
    .map((o) => ({ o, line: o.transactionId.startsWith('row:') ? Number(o.transactionId.slice(4)) : null }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const sells = rankByCode(rows.filter((r) => r.type === 'sell'));
  const refusedBuys = rankByCode(
    faulty.flatMap((f) => {
      const date = parseDate(String(f.raw.date ?? ''));
      const type = readType(f.raw.type);
      const ticker = String(f.raw.ticker ?? '')
        .trim()
        .toUpperCase();
      return date && type && ADDS_SHARES.has(type) ? [{ ticker, date, line: f.line }] : [];
    }),
  );
  for (const [i, { o, line }] of oversells.entries()) {
    const causes = i < MAX_LISTED ? knockOnCauses(o, line, sells, refusedBuys) : '';
    problems.push(
      line === null
        ? { line: null, message: laterOversellMessage('Impor ditolak', o) + causes }
        : { line, column: 'lembar', message: ownOversellMessage(o) + causes },
    );
  }
  const dividendIds = new Set(added.filter((t) => t.type === 'dividend').map((t) => t.id));
  for (const [id, message] of coveredDividendMessages(after, change.actions, dividendIds)) {
    problems.push({ line: Number(id.slice(4)), column: 'jenis', message });
  }
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

async function findImport(db: Db | Tx, portfolioId: string, hash: string) {
  const [row] = await db
    .select()
    .from(portfolioImports)
    .where(and(eq(portfolioImports.portfolioId, portfolioId), eq(portfolioImports.fileHash, hash)));
  return row;
}

/** Inserts the rows in file order, 1 000 per statement as one JSON parameter (fast on PGlite and PostgreSQL). */
async function insertRows(tx: Tx, portfolioId: string, importId: string, rows: PreviewRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r) => ({
      portfolio_id: portfolioId,
      import_id: importId,
      date: r.date,
      ticker: r.ticker,
      type: r.type,
      shares: r.shares,
      price: String(r.price),
      fee: r.fee,
    }));
    await tx.execute(sql`
      insert into ${transactions} (portfolio_id, import_id, date, ticker, type, shares, price, fee)
      select portfolio_id, import_id, date, ticker, type, shares, price, fee
      from json_populate_recordset(null::${transactions}, ${JSON.stringify(batch)}::json) with ordinality as r
      order by r.ordinality`);
  }
}

function report(portfolio: Portfolio | null, opts: ImportOptions, c: Partial<Checked>): ImportReport {
  const rows = c.rows ?? [];
  const counts: ImportReport['counts'] = { buy: 0, sell: 0, dividend: 0 };
  for (const r of rows) counts[r.type] = (counts[r.type] ?? 0) + 1;
  const errors = c.errors ?? [];
  const warnings = c.warnings ?? [];
  return {
    ok: errors.length === 0,
    status: errors.length === 0 ? 200 : 400,
    message: '',
    portfolio: portfolio && { id: portfolio.id, name: portfolio.name },
    preview: opts.preview,
    alreadyImported: false,
    rows: c.read?.rows.length ?? 0,
    imported: 0,
    counts,
    sample: rows.slice(0, PREVIEW_ROWS),
    errors: errors.slice(0, MAX_LISTED),
    errorCount: errors.length,
    warnings: warnings.slice(0, MAX_LISTED),
    warningCount: warnings.length,
  };
}

/** Each listed problem with a line quotes that line of the file as written (header included). */
function quoteRows(text: string, problems: ImportProblem[]): void {
  if (!problems.some((p) => p.line !== null)) return;
  // Lines as parseCsv counts them: one per line feed.
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (const p of problems) {
    const at = p.line === null ? undefined : lines[p.line - 1];
    if (at !== undefined) p.row = quoteRow(at);
  }
}

const errorsMessage = (n: number) =>
  `Ada ${formatNumber(n)} kesalahan; tidak ada transaksi yang diimpor. Perbaiki baris yang disebut lalu impor ulang berkas itu.`;

/** Checks (preview) or imports a CSV file into the member's portfolio (default: their first). */
export async function importTransactions(
  db: Db,
  userId: string,
  text: string,
  opts: ImportOptions,
): Promise<ImportReport> {
  const portfolio = await resolvePortfolio(db, userId, opts.portfolioId);
  if (!portfolio) return { ...report(null, opts, {}), ok: false, status: 404, message: 'Portofolio tidak ditemukan.' };
  const run = async (tx: Db | Tx): Promise<ImportReport> => {
    const read = readTransactionsCsv(text);
    if (read.rows.length > MAX_ROWS) {
      const message = `Berkas berisi ${formatNumber(read.rows.length)} baris; paling banyak ${formatNumber(MAX_ROWS)} baris per impor.`;
      return { ...report(portfolio, opts, {}), ok: false, status: 413, message };
    }
    const checked = await checkRows(tx, portfolio, read, opts.today);
    if (checked.hash) {
      const earlier = await findImport(tx, portfolio.id, checked.hash);
      if (earlier) {
        const message = `Berkas ini sudah pernah diimpor ke ${portfolio.name} pada ${formatDateTime(earlier.createdAt)}; tidak ada transaksi yang ditambahkan.`;
        return { ...report(portfolio, opts, checked), alreadyImported: true, message };
      }
    }
    // Rows with their own errors stay out of the history check; the rest are still checked, so one
    // preview lists every problem of the file.
    const faulty = new Set(checked.errors.map((e) => e.line));
    const sound = checked.rows.filter((r) => !faulty.has(r.line));
    if (sound.length > 0) {
      const refused = read.rows.filter((r) => faulty.has(r.line));
      checked.errors.push(...(await historyProblems(tx, portfolio, sound, refused)));
      checked.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    }
    quoteRows(text, [...checked.errors.slice(0, MAX_LISTED), ...checked.warnings.slice(0, MAX_LISTED)]);
    const r = report(portfolio, opts, checked);
    if (!r.ok) return { ...r, message: errorsMessage(r.errorCount) };
    if (opts.preview) return { ...r, message: `${formatNumber(r.rows)} transaksi siap diimpor ke ${portfolio.name}.` };
    const [record] = await (tx as Tx)
      .insert(portfolioImports)
      .values({ portfolioId: portfolio.id, fileHash: checked.hash!, fileName: opts.fileName ?? null, rowCount: r.rows })
      .onConflictDoNothing()
      .returning();
    if (!record)
      return {
        ...r,
        alreadyImported: true,
        message: `Berkas ini sudah pernah diimpor ke ${portfolio.name}; tidak ada transaksi yang ditambahkan.`,
      };
    await insertRows(tx as Tx, portfolio.id, record.id, checked.rows);
    return { ...r, imported: r.rows, message: `${formatNumber(r.rows)} transaksi diimpor ke ${portfolio.name}.` };
  };
  if (opts.preview) return run(db);
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolio.id);
    return run(tx);
  });
}
