/**
 * The transaction CSV format (docs/portfolio-csv-api.md): header
 * `tanggal,kode,jenis,lembar,harga,biaya` or the English `date,ticker,type,shares,price,fee` (comma,
 * semicolon or tab), one transaction per row. Reading names every problem by line and column; writing
 * produces the same format, which reads back unchanged.
 */
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { parseCsv } from '../../csv/read';
import type { RawTransaction } from '../../../domain/portfolio/entry-rules';
import { type StoredTransaction, type TransactionDraft } from './types';
import { TYPE_LABEL } from '../../../lib/labels';
import type { ImportProblem } from '../../../lib/island-props';

export type { ImportProblem } from '../../../lib/island-props';

export const CSV_HEADER = ['tanggal', 'kode', 'jenis', 'lembar', 'harga', 'biaya'] as const;

type Field = 'date' | 'ticker' | 'type' | 'shares' | 'price' | 'fee';
const ALIASES: Record<string, Field> = {
  tanggal: 'date',
  date: 'date',
  kode: 'ticker',
  ticker: 'ticker',
  jenis: 'type',
  type: 'type',
  lembar: 'shares',
  shares: 'shares',
  harga: 'price',
  price: 'price',
  biaya: 'fee',
  fee: 'fee',
};
const REQUIRED: Field[] = ['date', 'ticker', 'type', 'shares', 'price'];
const NAMES: Record<Field, string> = {
  date: 'tanggal',
  ticker: 'kode',
  type: 'jenis',
  shares: 'lembar',
  price: 'harga',
  fee: 'biaya',
};

/** A problem in a file: its 1-based line (the header is line 1) and column as written, or none for the whole file. */
export interface CsvTransactionRow {
  line: number;
  raw: RawTransaction;
}

export interface ReadCsv {
  rows: CsvTransactionRow[];
  errors: ImportProblem[];
  /** The header text of the column a field (or a rules field key such as `quantity`) was read from. */
  column(key: string): string;
}

function mapHeader(header: string[], errors: ImportProblem[]): Map<Field, { index: number; name: string }> {
  const columns = new Map<Field, { index: number; name: string }>();
  header.forEach((name, index) => {
    const field = ALIASES[name.toLowerCase()];
    if (!field) errors.push({ line: 1, column: name, message: `kolom "${name}" tidak dikenal` });
    else if (columns.has(field))
      errors.push({ line: 1, column: name, message: `kolom ${NAMES[field]} muncul dua kali` });
    else columns.set(field, { index, name });
  });
  const missing = REQUIRED.filter((f) => !columns.has(f)).map((f) => NAMES[f]);
  if (missing.length > 0) {
    errors.push({
      line: 1,
      message: `kolom ${missing.join(', ')} tidak ada; baris judul harus ${CSV_HEADER.join(',')} (biaya boleh tidak ada)`,
    });
  }
  return columns;
}

/** Reads the file into raw rows; structural problems (header, column counts, quoting) are errors. */
export function readTransactionsCsv(text: string): ReadCsv {
  const table = parseCsv(text);
  const errors: ImportProblem[] = table.errors.map((e) => ({ line: e.line, message: e.message }));
  const columns = table.header.length > 0 ? mapHeader(table.header, errors) : new Map();
  // Rows under a broken header cannot be read reliably: report the header alone.
  if (errors.some((e) => e.line === 1)) table.rows = [];
  else if (table.header.length > 0 && table.rows.length === 0)
    errors.push({ line: null, message: 'berkas tidak berisi transaksi' });
  const cell = (cells: string[], f: Field) => {
    const c = columns.get(f);
    return c ? (cells[c.index] ?? '').trim() : '';
  };
  const rows = table.rows.map((r) => ({
    line: r.line,
    raw: {
      date: cell(r.cells, 'date'),
      ticker: cell(r.cells, 'ticker'),
      type: cell(r.cells, 'type'),
      shares: cell(r.cells, 'shares'),
      price: cell(r.cells, 'price'),
      fee: cell(r.cells, 'fee'),
    },
  }));
  const column = (key: string) => {
    const field: Field = key === 'quantity' || key === 'lots' ? 'shares' : (key as Field);
    return columns.get(field)?.name ?? NAMES[field] ?? key;
  };
  return { rows, errors, column };
}

/**
 * The identity of a file's content: SHA-256 over its rows as read (ISO dates, upper-case codes,
 * English types, plain numbers, the fee as given). Layout, aliases, number and date styles do not
 * change it; identical rows count as many times as they appear.
 */
export function fileHash(drafts: readonly TransactionDraft[]): string {
  const h = createHash('sha256');
  for (const d of drafts) h.update(`${d.date},${d.ticker},${d.type},${d.shares},${d.price},${d.fee ?? ''}\n`);
  return h.digest('hex');
}

/**
 * Transactions in the CSV format (Indonesian header, plain numbers), oldest first as given. A cell a
 * spreadsheet would run as a formula is written with a leading apostrophe (none of ours starts so).
 */
export function formatTransactionsCsv(rows: readonly StoredTransaction[]): string {
  const data = rows.map((t) => [
    t.date,
    t.ticker,
    TYPE_LABEL[t.type],
    String(t.shares),
    String(t.price),
    t.type === 'dividend' && t.fee === 0 ? '' : String(t.fee),
  ]);
  return Papa.unparse({ fields: [...CSV_HEADER], data }, { newline: '\n', escapeFormulae: true }) + '\n';
}
