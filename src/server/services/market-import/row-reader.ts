/**
 * Reads typed values from one CSV row. Every invalid cell becomes an error naming the row's line and
 * the column as written in the header; the reader remembers that the row failed so the caller can
 * skip it while still collecting the errors of every other row.
 */
import type { ColumnMap } from './columns';
import type { CsvRow } from '../../csv/read';
import type { RowError, TickerRef } from './types';
import { parseDate, parseDecimal, parseInteger } from '../../../domain/market-values';
import { isStockCode, STOCK_CODE_RULE } from '../../../domain/idx';

/** Typed access to the cells of one row, recording errors as it goes. */
export class RowReader {
  failed = false;

  constructor(
    readonly row: CsvRow,
    private readonly columns: ColumnMap,
    private readonly errors: RowError[],
  ) {}

  /** The column's header text (or its key when the column is absent). */
  name(key: string): string {
    return this.columns[key]?.name ?? key;
  }

  /** Whether the file has this column. */
  has(key: string): boolean {
    return this.columns[key] !== undefined;
  }

  /** The trimmed cell text; empty when the column is absent. */
  raw(key: string): string {
    const ref = this.columns[key];
    return ref ? (this.row.cells[ref.index] ?? '').trim() : '';
  }

  /** Records an error on this row and column; returns undefined for the caller to pass on. */
  fail(key: string, message: string): undefined {
    this.failed = true;
    this.errors.push({ line: this.row.line, column: this.name(key), message });
    return undefined;
  }

  /** Required text. */
  text(key: string): string | undefined {
    return this.raw(key) || this.fail(key, 'wajib diisi');
  }

  /** Optional text; null when empty. */
  optionalText(key: string): string | null {
    return this.raw(key) || null;
  }

  /** A listed code as IDX writes it (share, preferred share, rights or warrant; see `isStockCode`), upper-cased. */
  ticker(key: string): string | undefined {
    const t = this.raw(key).toUpperCase();
    if (!t) return this.fail(key, 'wajib diisi');
    return isStockCode(t) ? t : this.fail(key, `kode saham "${t}" harus ${STOCK_CODE_RULE}`);
  }

  /** A required whole number of at least `min`; `message` explains the rule. */
  integer(key: string, min: number, message: string): number | undefined {
    if (!this.raw(key)) return this.fail(key, 'wajib diisi');
    return this.optionalInteger(key, min, message) ?? undefined;
  }

  /** An optional whole number of at least `min`; null when empty. */
  optionalInteger(key: string, min: number, message: string): number | null | undefined {
    const s = this.raw(key);
    if (!s) return null;
    const n = parseInteger(s);
    return n !== undefined && n >= min ? n : this.fail(key, message);
  }

  /** An optional decimal as canonical text; null when empty. */
  optionalDecimal(key: string, message: string): string | null | undefined {
    const s = this.raw(key);
    if (!s) return null;
    return parseDecimal(s) ?? this.fail(key, message);
  }

  /** A required date as `YYYY-MM-DD`; not after `today` when given. */
  date(key: string, today?: string, parse = parseDate): string | undefined {
    const s = this.raw(key);
    if (!s) return this.fail(key, 'wajib diisi');
    const d = parse(s);
    if (!d) return this.fail(key, `tanggal "${s}" tidak valid (gunakan YYYY-MM-DD atau DD/MM/YYYY)`);
    if (today && d > today) return this.fail(key, `tanggal ${d} tidak boleh di masa depan`);
    return d;
  }

  /** An optional date; null when empty. */
  optionalDate(key: string): string | null | undefined {
    return this.raw(key) ? this.date(key) : null;
  }
}

/** The stock code a row refers to, when well-formed, for the check against `emiten`. */
export function tickerRef(r: RowReader, key: string): TickerRef | undefined {
  const ticker = r.raw(key).toUpperCase();
  return isStockCode(ticker) ? { line: r.row.line, column: r.name(key), ticker } : undefined;
}

/** Finds rows that repeat a natural key within one file. */
export class DuplicateGuard {
  private readonly seen = new Map<string, number>();

  /** Records the key; on a repeat, fails the row naming the earlier line. */
  check(r: RowReader, key: string, column: string, label: string): void {
    const earlier = this.seen.get(key);
    if (earlier !== undefined) r.fail(column, `${label} sudah ada di baris ${earlier}`);
    else this.seen.set(key, r.row.line);
  }
}
