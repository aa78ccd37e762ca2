/**
 * Shapes shared by the market data import: the kinds of file it reads, the errors it reports and the
 * result of one file. Records are the validated rows, ready to be written.
 */
import type { RowError } from '../../csv/read';

/** The kinds of CSV file the import understands (docs/product.md §5). */
export const IMPORT_KINDS = [
  'emiten',
  'prices',
  'ringkasan',
  'actions',
  'warrants',
  'fundamentals',
  'constituents',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** One problem in a file: 1-based line (the header is line 1) and, when known, the column as written. */
export type { RowError };

/** What importing one file did. Any error means nothing was written and the counts are 0. */
export interface ImportResult {
  kind: ImportKind | null;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
}

/** Rows written per kind of outcome. */
export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface EmitenRecord {
  ticker: string;
  name: string;
  sector: string;
  subSector: string;
  board: string;
  listingDate: string;
  sharesOutstanding: number;
  /** The delisting day; null when listed; undefined when the file has no `delisting_date` column. */
  delistedAt?: string | null;
  /** The code the emiten traded under before a code change. */
  previousCode?: string | null;
  /** Status columns, present when the file has them (docs/product.md §5.7). */
  notations?: string;
  suspended?: boolean;
}

/** A warrant series (docs/product.md §5.6). */
export interface WarrantRecord {
  code: string;
  underlying: string;
  exercisePrice: string;
  ratioWarrants: number;
  ratioShares: number;
  exerciseStart: string | null;
  expiry: string;
}

/** A stock's end-of-day row, whole Rupiah. */
export interface StockPriceRecord {
  ticker: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** An index's end-of-day row; points carry decimals. */
export interface IndexPriceRecord {
  code: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ActionRecord {
  ticker: string;
  type: 'dividend' | 'split' | 'reverse_split' | 'bonus' | 'rights';
  cumDate: string;
  exDate: string;
  recordingDate: string | null;
  paymentDate: string | null;
  /** Exact decimal as text (numeric(14,4)). */
  amount: string | null;
  ratioFrom: number | null;
  ratioTo: number | null;
  note: string | null;
  exerciseStart?: string | null;
  exerciseEnd?: string | null;
}

/** One company's quarter; EPS and BVPS as exact decimal text (numeric(14,4)). */
export interface FundamentalRecord {
  ticker: string;
  periodEnd: string;
  revenue: number;
  netIncome: number;
  equity: number;
  eps: string;
  bvps: string;
}

/** A code's membership of an index in the period starting on `effectiveDate` (docs/product.md §5.8). */
export interface ConstituentRecord {
  indexCode: string;
  effectiveDate: string;
  ticker: string;
}

/** A stock code a row refers to; checked against `emiten` when the file is written. */
export interface TickerRef {
  line: number;
  column: string;
  ticker: string;
}

/** The validated content of one file, before any database access. */
export type ValidatedFile =
  | { kind: 'emiten'; emiten: EmitenRecord[]; status: boolean }
  | { kind: 'warrants'; warrants: WarrantRecord[] }
  | { kind: 'prices'; stocks: StockPriceRecord[]; indexes: IndexPriceRecord[] }
  | { kind: 'ringkasan'; stocks: StockPriceRecord[]; indexes: IndexPriceRecord[] }
  | { kind: 'actions'; actions: ActionRecord[] }
  | { kind: 'fundamentals'; fundamentals: FundamentalRecord[] }
  | { kind: 'constituents'; constituents: ConstituentRecord[] };

/** Validation outcome: records (meaningful only without errors), the row count and the codes to check. */
export interface Validation {
  kind: ImportKind | null;
  rows: number;
  file: ValidatedFile | null;
  refs: TickerRef[];
  errors: RowError[];
}

/** Formats an error as the user sees it: `Baris 3, kolom close: harga harus bilangan bulat positif`. */
export function formatRowError(e: RowError): string {
  return e.column ? `Baris ${e.line}, kolom ${e.column}: ${e.message}` : `Baris ${e.line}: ${e.message}`;
}
