/** Validation of emiten files: `ticker,name,sector,sub_sector,board,listing_date,shares_outstanding`. */
import { BOARDS } from '../../../domain/boards';
import { DuplicateGuard, RowReader } from './row-reader';
import type { RowContext, RowValidator } from './context';
import type { EmitenRecord } from './types';

/** The board as spelled in BOARDS, matched case-insensitively. */
function board(r: RowReader): string | undefined {
  const s = r.raw('board');
  if (!s) return r.fail('board', 'wajib diisi');
  const found = BOARDS.find((b) => b.toLowerCase() === s.toLowerCase());
  return found ?? r.fail('board', `papan "${s}" tidak dikenal; pilih salah satu: ${BOARDS.join(', ')}`);
}

function readEmiten(r: RowReader, ctx: RowContext): EmitenRecord | undefined {
  const rec = {
    ticker: r.ticker('ticker'),
    name: r.text('name'),
    sector: r.text('sector'),
    subSector: r.text('sub_sector'),
    board: board(r),
    listingDate: r.date('listing_date', ctx.today),
    sharesOutstanding: r.integer('shares_outstanding', 1, 'jumlah saham beredar harus bilangan bulat positif'),
  };
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
  return { file: { kind: 'emiten', emiten }, refs: [] };
};
