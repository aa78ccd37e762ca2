/**
 * The columns each kind of file carries, how the kind is recognised from the header row, and where
 * each column sits in a given file.
 */
import type { ImportKind, RowError } from './types';

interface ColumnSpec {
  key: string;
  /** Accepted header texts, compared case-insensitively. */
  names: readonly string[];
  required: boolean;
}

const col = (key: string, required = true, names: readonly string[] = [key]): ColumnSpec => ({ key, names, required });

/**
 * Column layouts per kind; ringkasan also accepts the English headers of IDX's stock summary and the
 * field names of its JSON (`GetStockSummary`).
 */
const COLUMNS: Record<ImportKind, readonly ColumnSpec[]> = {
  emiten: [
    ...['ticker', 'name', 'sector', 'sub_sector', 'board', 'listing_date', 'shares_outstanding'].map((k) => col(k)),
    // The listing lifecycle: the day the exchange delisted the stock, and the code it traded under before.
    col('delisting_date', false),
    col('previous_code', false),
    col('notations', false, ['notations', 'notasi']),
    col('suspended', false, ['suspended', 'suspensi']),
  ],
  prices: ['date', 'ticker', 'open', 'high', 'low', 'close', 'volume'].map((k) => col(k)),
  ringkasan: [
    col('ticker', true, ['Kode Saham', 'Stock Code', 'StockCode']),
    col('previous', true, ['Sebelumnya', 'Previous']),
    col('open', true, ['Open Price', 'OpenPrice']),
    col('first_trade', false, ['First Trade', 'FirstTrade']),
    col('date', false, ['Tanggal Perdagangan Terakhir', 'Last Trading Date']),
    col('high', true, ['Tertinggi', 'High']),
    col('low', true, ['Terendah', 'Low']),
    col('close', true, ['Penutupan', 'Close']),
    col('volume', true, ['Volume']),
  ],
  actions: [
    ...['ticker', 'type', 'cum_date', 'ex_date'].map((k) => col(k)),
    ...['recording_date', 'payment_date', 'amount', 'ratio_from', 'ratio_to', 'note'].map((k) => col(k, false)),
    ...['exercise_start', 'exercise_end'].map((k) => col(k, false)),
  ],
  warrants: [
    ...['code', 'underlying', 'exercise_price', 'expiry'].map((k) => col(k)),
    ...['ratio_warrants', 'ratio_shares', 'exercise_start'].map((k) => col(k, false)),
  ],
  fundamentals: ['ticker', 'period_end', 'revenue', 'net_income', 'equity', 'eps', 'bvps'].map((k) => col(k)),
  constituents: [
    col('index', true, ['index', 'indeks']),
    col('effective_date', true, ['effective_date', 'tanggal_efektif']),
    col('ticker'),
  ],
};

/** Where a column is in the file and the header text to name it by in errors. */
export interface ColumnRef {
  index: number;
  name: string;
}
export type ColumnMap = Record<string, ColumnRef | undefined>;

/** Header text compared loosely: no BOM, case or repeated spaces. */
function norm(s: string): string {
  return s
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

function find(header: string[], spec: ColumnSpec): ColumnRef | undefined {
  const names = spec.names.map(norm);
  const index = header.findIndex((h) => names.includes(norm(h)));
  return index === -1 ? undefined : { index, name: header[index]!.trim() };
}

// Most specific layouts first; the plain price header is a subset of no other.
const DETECT_ORDER: readonly ImportKind[] = [
  'ringkasan',
  'warrants',
  'actions',
  'fundamentals',
  'constituents',
  'emiten',
  'prices',
];

/** The kind whose required columns all appear in the header, or null. */
export function detectKind(header: string[]): ImportKind | null {
  return DETECT_ORDER.find((k) => COLUMNS[k].every((c) => !c.required || find(header, c))) ?? null;
}

const MISSING = 'kolom wajib tidak ada di baris judul';

/** Locates a kind's columns in a header; a missing required column is an error on line 1. */
export function resolveColumns(kind: ImportKind, header: string[]): { columns: ColumnMap; errors: RowError[] } {
  const columns: ColumnMap = {};
  const errors: RowError[] = [];
  for (const spec of COLUMNS[kind]) {
    const ref = find(header, spec);
    if (ref) columns[spec.key] = ref;
    else if (spec.required) errors.push({ line: 1, column: spec.names[0], message: MISSING });
  }
  return { columns, errors };
}
