/**
 * Validation of emiten files: `ticker,name,sector,sub_sector,board,listing_date,shares_outstanding`, and
 * optionally `delisting_date` and `previous_code` (the listing lifecycle), `notations` (notation letters) and
 * `suspended` (ya/tidak), docs/product.md §5.7.
 */
import { BOARDS } from '../../../domain/boards';
import { normaliseNotations } from '../../../domain/corporate/status';
import { DuplicateGuard, RowReader } from './row-reader';
import type { RowContext, RowValidator } from './context';
import type { EmitenRecord } from './types';
import { isStockCode, STOCK_CODE_RULE } from '../../../domain/idx';
import { companyNameProblem } from '../../csv/text-rules';

/** The company name; one a spreadsheet would run as a formula is refused. */
function companyName(r: RowReader): string | undefined {
  const name = r.text('name');
  const problem = name && companyNameProblem(name);
  return problem ? r.fail('name', problem) : name;
}

/** The board as spelled in BOARDS, matched case-insensitively. */
function board(r: RowReader): string | undefined {
  const s = r.raw('board');
  if (!s) return r.fail('board', 'wajib diisi');
  const found = BOARDS.find((b) => b.toLowerCase() === s.toLowerCase());
  return found ?? r.fail('board', `papan "${s}" tidak dikenal; pilih salah satu: ${BOARDS.join(', ')}`);
}

/** The optional lifecycle columns: delisting date and previous code. */
function lifecycle(r: RowReader): Pick<EmitenRecord, 'delistedAt' | 'previousCode'> {
  const out: Pick<EmitenRecord, 'delistedAt' | 'previousCode'> = {};
  if (r.has('delisting_date')) out.delistedAt = r.optionalDate('delisting_date') ?? null;
  const previous = r.raw('previous_code').toUpperCase();
  if (!previous) return out;
  if (!isStockCode(previous)) r.fail('previous_code', `kode lama "${previous}" harus ${STOCK_CODE_RULE}`);
  else if (previous === r.raw('ticker').toUpperCase()) r.fail('previous_code', 'kode lama sama dengan kode saham');
  else out.previousCode = previous;
  return out;
}

const YES = ['ya', 'y', 'true', '1', 'suspensi', 'suspended'];
const NO = ['', 'tidak', 'n', 'false', '0'];

/** The status columns when the file has them: notation letters and the data's suspension flag. */
function status(r: RowReader): { notations?: string; suspended?: boolean } {
  const out: { notations?: string; suspended?: boolean } = {};
  if (r.has('notations')) {
    const n = normaliseNotations(r.raw('notations'));
    if (n === null) r.fail('notations', `notasi "${r.raw('notations')}" harus huruf saja, misalnya "E" atau "BE"`);
    else out.notations = n;
  }
  if (r.has('suspended')) {
    const s = r.raw('suspended').toLowerCase();
    if (YES.includes(s)) out.suspended = true;
    else if (NO.includes(s)) out.suspended = false;
    else r.fail('suspended', `nilai "${r.raw('suspended')}" tidak dikenal; isi "ya" atau "tidak"`);
  }
  return out;
}

function readEmiten(r: RowReader, ctx: RowContext): EmitenRecord | undefined {
  const rec = {
    ticker: r.ticker('ticker'),
    name: companyName(r),
    sector: r.text('sector'),
    subSector: r.text('sub_sector'),
    board: board(r),
    listingDate: r.date('listing_date', ctx.today),
    sharesOutstanding: r.integer('shares_outstanding', 1, 'jumlah saham beredar harus bilangan bulat positif'),
    ...lifecycle(r),
    ...status(r),
  };
  if (rec.delistedAt && rec.listingDate && rec.delistedAt < rec.listingDate)
    r.fail('delisting_date', `tanggal delisting ${rec.delistedAt} sebelum tanggal pencatatan ${rec.listingDate}`);
  return r.failed ? undefined : (rec as EmitenRecord);
}

/** Validates emiten rows; a ticker listed twice in one file is an error. */
export const validateEmiten: RowValidator = (rows, ctx) => {
  const emiten: EmitenRecord[] = [];
  const dupes = new DuplicateGuard();
  for (const r of rows) {
    const rec = readEmiten(r, ctx);
    if (rec) dupes.check(r, rec.ticker, 'ticker', `emiten ${rec.ticker}`);
    if (rec && !r.failed) emiten.push(rec);
  }
  const status = rows.length > 0 && (rows[0]!.has('notations') || rows[0]!.has('suspended'));
  return { file: { kind: 'emiten', emiten, status }, refs: [] };
};
