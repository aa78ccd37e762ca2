/**
 * What a stock summary says about listings, beyond prices: the company name, listed shares and the
 * delisting date. Not the board: the third character of IDX's `Remarks` is a margin/short-sell flag
 * (U/S/M/D), not a board, so the board comes only from an emiten file. Read from the same CSV the prices come from;
 * files without these columns (plain `prices`) give codes only.
 */
import { parseCsv } from '../../csv/read';
import { parseIdxDate, parseInteger } from '../../../domain/market-values';
import { companyNameProblem } from '../../csv/text-rules';

/**
 * The feed's company name, or null when there is none or it is refused (one a spreadsheet would run as a
 * formula): the code stands in until an emiten file names the company.
 */
function usableName(name: string): string | null {
  return name && !companyNameProblem(name) ? name : null;
}

export interface Listing {
  ticker: string;
  name: string | null;
  sharesOutstanding: number | null;
  delistedAt: string | null;
}

const COLUMNS = {
  ticker: ['kode saham', 'stock code', 'stockcode', 'ticker'],
  name: ['nama perusahaan', 'company name', 'stockname'],
  shares: ['listed shares', 'listedshares'],
  delisting: ['delisting date', 'delistingdate'],
} as const;

/** Listings per upper-cased code, for the rows that carry a code. */
export function readListings(text: string): Map<string, Listing> {
  const { header, rows } = parseCsv(text);
  const names = header.map((h) => h.trim().replace(/\s+/g, ' ').toLowerCase());
  const at = (key: keyof typeof COLUMNS) => names.findIndex((n) => (COLUMNS[key] as readonly string[]).includes(n));
  const idx = {
    ticker: at('ticker'),
    name: at('name'),
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
      name: usableName(get(idx.name)),
      sharesOutstanding: parseInteger(get(idx.shares).replace(/\.0+$/, '')) ?? null,
      delistedAt: delisting ? (parseIdxDate(delisting) ?? parseIdxDate(delisting.slice(0, 10)) ?? null) : null,
    });
  }
  return out;
}
