/**
 * The market data import (SPEC §5): CSV files of emiten, daily prices (plain or the IDX "Ringkasan
 * Saham" export) and corporate actions. Each file is validated completely first; any error means
 * nothing of that file is written. Writes are idempotent upserts on the natural keys.
 */
import type { Db } from '../../db/client';
import { now } from '../../config';
import { wibDate } from '../../../lib/format';
import { validateCsv } from './validate';
import { unknownTickerErrors, writeFile } from './write';
import type { ImportKind, ImportResult } from './types';

export { IMPORT_KINDS, formatRowError } from './types';
export type { ImportKind, ImportResult, RowError } from './types';
export { validateCsv } from './validate';
export { parseDate, parseIdxDate, parseInteger, parseDecimal } from './values';

export interface ImportOptions {
  /** Overrides detection from the header row. */
  kind?: ImportKind;
  /** Trading date (`YYYY-MM-DD`) of a ringkasan file; other kinds ignore it. */
  date?: string;
  /** Today (`YYYY-MM-DD`); defaults to the app clock in WIB. */
  today?: string;
}

/**
 * Imports one CSV file in one transaction: all rows or none. Stock codes must already be in `emiten`
 * (import the emiten file first). Re-importing the same file reports every row as unchanged.
 */
export async function importMarketCsv(db: Db, text: string, opts: ImportOptions = {}): Promise<ImportResult> {
  const v = validateCsv(text, { ...opts, today: opts.today ?? wibDate(now()) });
  const empty = { kind: v.kind, rows: v.rows, inserted: 0, updated: 0, unchanged: 0 };
  return db.transaction(async (tx) => {
    const errors = [...v.errors, ...(await unknownTickerErrors(tx, v.refs))].sort((a, b) => a.line - b.line);
    if (errors.length || !v.file) return { ...empty, errors };
    return { ...empty, ...(await writeFile(tx, v.file)), errors: [] };
  });
}
