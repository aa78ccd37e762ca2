/**
 * Validates one CSV file without touching the database: parses it, recognises its kind, checks every
 * row and collects all errors. Whether the stock codes exist is checked later, against `emiten`.
 */
import { validateActions } from './actions';
import { detectKind, resolveColumns } from './columns';
import type { RowContext, RowValidator } from './context';
import { parseCsv } from '../../csv/read';
import { validateEmiten } from './emiten';
import { validateFundamentals } from './fundamentals';
import { validateConstituents } from './constituents';
import { validatePrices } from './prices';
import { validateRingkasan } from './ringkasan';
import { validateWarrants } from './warrants';
import { RowReader } from './row-reader';
import { IMPORT_KINDS, type ImportKind, type RowError, type Validation } from './types';

const VALIDATORS: Record<ImportKind, RowValidator> = {
  emiten: validateEmiten,
  prices: validatePrices,
  ringkasan: validateRingkasan,
  actions: validateActions,
  warrants: validateWarrants,
  fundamentals: validateFundamentals,
  constituents: validateConstituents,
};

export interface ValidateOptions {
  /** Overrides detection from the header row. */
  kind?: ImportKind;
  /** Trading date (`YYYY-MM-DD`) of a ringkasan file; other kinds ignore it. */
  date?: string;
  /** Today in WIB (`YYYY-MM-DD`); later dates are refused. */
  today: string;
  /**
   * Keep the good rows of a file whose errors are all in rows (line 2 on): the caller skips the broken
   * rows and reports them. Errors of the file itself (header, line 1) still give no file.
   */
  skipBrokenRows?: boolean;
}

const byLine = (a: RowError, b: RowError) => a.line - b.line;

/** Parses and validates a file; errors are sorted by line and name the column where one applies. */
export function validateCsv(text: string, opts: ValidateOptions): Validation {
  const table = parseCsv(text);
  const kind = opts.kind ?? (table.header.length ? detectKind(table.header) : null);
  const failed = (errors: RowError[]): Validation => ({
    kind,
    rows: table.rows.length,
    file: null,
    refs: [],
    errors: errors.sort(byLine),
  });
  if (!table.header.length) return failed(table.errors);
  if (!kind) {
    const kinds = IMPORT_KINDS.join(', ');
    return failed([
      { line: 1, message: `jenis berkas tidak dikenali dari baris judul; pilih dengan --kind (${kinds})` },
    ]);
  }
  const { columns, errors: headerErrors } = resolveColumns(kind, table.header);
  if (headerErrors.length) return failed([...headerErrors, ...table.errors]);

  const ctx: RowContext = { today: opts.today, date: opts.date, errors: [...table.errors] };
  if (kind === 'ringkasan' && opts.date && opts.date > opts.today) {
    ctx.errors.push({ line: 1, column: '--date', message: `tanggal ${opts.date} tidak boleh di masa depan` });
  }
  const broken = new Set(table.errors.map((e) => e.line));
  const rowErrors: RowError[] = [];
  const readers = table.rows.filter((r) => !broken.has(r.line)).map((r) => new RowReader(r, columns, rowErrors));
  const { file, refs } = VALIDATORS[kind](readers, ctx);
  const errors = [...ctx.errors, ...rowErrors].sort(byLine);
  const keep = errors.length === 0 || (opts.skipBrokenRows && errors.every((e) => e.line > 1));
  return { kind, rows: table.rows.length, file: keep ? file : null, refs, errors };
}
