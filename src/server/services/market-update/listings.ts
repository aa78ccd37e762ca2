/**
 * What a stock summary says about listings, beyond prices: the company name, the board (from IDX's
 * `Remarks` code), listed shares and the delisting date. Read from the same CSV the prices come from;
 * files without these columns (plain `prices`) give codes only.
 */
import { parseCsv } from '../market-import/csv';
import { parseIdxDate, parseInteger } from '../../../lib/market-values';
import type { Board } from '../../../domain/boards';

export interface Listing {
  ticker: string;
  name: string | null;
  board: Board | null;
  sharesOutstanding: number | null;
  delistedAt: string | null;
}

const COLUMNS = {
  ticker: ['kode saham', 'stock code', 'stockcode', 'ticker'],
  name: ['nama perusahaan', 'company name', 'stockname'],
  remarks: ['remarks'],
  shares: ['listed shares', 'listedshares'],
  delisting: ['delisting date', 'delistingdate'],
} as const;

// The third character of IDX's Remarks code is the board.
const BOARD_CODES: Record<string, Board> = { U: 'Utama', P: 'Pengembangan', A: 'Akselerasi' };

/** Listings per upper-cased code, for the rows that carry a code. */
export function readListings(text: string): Map<string, Listing> {
  const { header, rows } = parseCsv(text);
  const names = header.map((h) => h.trim().replace(/\s+/g, ' ').toLowerCase());
  const at = (key: keyof typeof COLUMNS) => names.findIndex((n) => (COLUMNS[key] as readonly string[]).includes(n));
  const idx = {
    ticker: at('ticker'),
    name: at('name'),
    remarks: at('remarks'),
    shares: at('shares'),
    delisting: at('delisting'),
  };
  const out = new Map<string, Listing>();
  if (idx.ticker === -1) return out;
  for (const { cells } of rows) {
    const get = (i: number) => (i === -1 ? '' : (cells[i] ?? '').trim());
    const ticker = get(idx.ticker).toUpperCase();
    if (!ticker) continue;
    const delisting = get(idx.delisting);
    out.set(ticker, {
      ticker,
      name: get(idx.name) || null,
      board: BOARD_CODES[get(idx.remarks).charAt(2).toUpperCase()] ?? null,
      sharesOutstanding: parseInteger(get(idx.shares).replace(/\.0+$/, '')) ?? null,
      delistedAt: delisting ? (parseIdxDate(delisting) ?? parseIdxDate(delisting.slice(0, 10)) ?? null) : null,
    });
  }
  return out;
}
