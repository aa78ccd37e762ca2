/**
 * The market data import (docs/product.md §5): CSV files of emiten, daily prices (plain or the IDX "Ringkasan
 * Saham" export) and corporate actions. Each file is validated completely first; any error means
 * nothing of that file is written. Writes are idempotent upserts on the natural keys.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Db } from '../../db/client';
import { now } from '../../clock';
import { wibDate } from '../../../domain/dates';
import { validateCsv } from './validate';
import { unknownTickerErrors, writeFile } from './write';
import { markMarketChanged } from '../market/version';
import type { ImportKind, ImportResult, RowError } from './types';
import { importPriceStream, readHeaderLine } from './bulk';
import { detectDelimiter, parseCsv } from '../../csv/read';
import { detectKind } from './columns';
import { FILE_TOO_LARGE, LineTooLongError, MAX_FILE_BYTES } from '../../csv/text-rules';

export { IMPORT_KINDS, formatRowError } from './types';
export type { ImportKind, ImportResult } from './types';
export { validateCsv } from './validate';
export { parseDate } from '../../../domain/market-values';
// After an import, the analyses whose ticker the market data still lacks are named (as at start-up).
export { analysisTickers, warnAnalysesWithoutEmiten } from '../research/analysis-coverage';

export interface ImportOptions {
  /** Overrides detection from the header row. */
  kind?: ImportKind;
  /** Trading date (`YYYY-MM-DD`) of a ringkasan file; other kinds ignore it. */
  date?: string;
  /** Today (`YYYY-MM-DD`); defaults to the app clock in WIB. */
  today?: string;
  /** Price files: new rows from which indexes are built again after the load (default REBUILD_MIN_ROWS; tests). */
  rebuildMinRows?: number;
}

/**
 * Imports one CSV file in one transaction: all rows or none. Stock codes must already be in `emiten`
 * (import the emiten file first). Re-importing the same file reports every row as unchanged.
 */
export async function importMarketCsv(db: Db, text: string, opts: ImportOptions = {}): Promise<ImportResult> {
  const today = opts.today ?? wibDate(now());
  const v = validateCsv(text, { ...opts, today });
  const empty = { kind: v.kind, rows: v.rows, inserted: 0, updated: 0, unchanged: 0 };
  return db.transaction(async (tx) => {
    const errors = [...v.errors, ...(await unknownTickerErrors(tx, v.refs))].sort((a, b) => a.line - b.line);
    if (errors.length || !v.file) return { ...empty, errors };
    const counts = await writeFile(tx, v.file, today);
    if (counts.inserted || counts.updated) await markMarketChanged(tx);
    return { ...empty, ...counts, errors: [] };
  });
}

/** What importing a file did; `omittedErrors` counts errors beyond the ones listed. */
export type FileImportResult = ImportResult & { omittedErrors: number };

/**
 * Imports one CSV file from disk, all-or-nothing. Plain price files of any size are streamed and
 * copied in bulk (memory stays bounded); the other kinds are small and go through `importMarketCsv`.
 */
export async function importMarketFile(db: Db, path: string, opts: ImportOptions = {}): Promise<FileImportResult> {
  try {
    return await importFileText(db, path, opts);
  } catch (err) {
    if (!(err instanceof LineTooLongError)) throw err;
    return refusedFile(opts.kind ?? null, { line: err.line, message: err.message.replace(/^Baris \d+: /, '') });
  }
}

function refusedFile(kind: ImportKind | null, error: RowError): FileImportResult {
  return { kind, rows: 0, inserted: 0, updated: 0, unchanged: 0, errors: [error], omittedErrors: 0 };
}

async function importFileText(db: Db, path: string, opts: ImportOptions): Promise<FileImportResult> {
  const headerLine = (await readHeaderLine(path)).replace(/^\uFEFF/, '');
  const header = parseCsv(headerLine).header;
  const kind = opts.kind ?? (header.length ? detectKind(header) : null);
  if (kind !== 'prices') {
    // Only price files grow with history; the others are read whole, so their size is capped.
    if ((await stat(path)).size > MAX_FILE_BYTES) return refusedFile(kind, { line: 1, message: FILE_TOO_LARGE });
    return { ...(await importMarketCsv(db, await readFile(path, 'utf8'), opts)), omittedErrors: 0 };
  }
  const today = opts.today ?? wibDate(now());
  return db.transaction((tx) =>
    importPriceStream(tx, createReadStream(path, { encoding: 'utf8' }), header, detectDelimiter(headerLine), {
      today,
      rebuildMinRows: opts.rebuildMinRows,
    }),
  );
}
export { demoMarketRefusal, replaceDemoMarket } from './demo-market';
export { offCalendarPriceDays } from './off-calendar';
