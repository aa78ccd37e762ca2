/**
 * Price files at market scale (millions of rows): the file is streamed, each row validated as it is
 * read (plain lines by one expression, anything else by the full row rules) and copied with `COPY` into
 * a temporary staging table in batches (./bulk/stage.ts); the checks that need the whole file (a ticker
 * and date twice, a code `emiten` does not hold) then run in SQL (./bulk/checks.ts), one join per table
 * classifies the rows as new, changed or unchanged, and only the statements with work to do run
 * (./bulk/merge.ts). A first load builds the table's indexes and foreign keys again after inserting
 * instead of maintaining them row by row. One transaction: any error and nothing is written. Memory stays
 * at one batch, whatever the size of the file.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { markMarketChanged } from '../market/version';
import { resolveColumns } from './columns';
import type { ImportResult } from './types';
import { duplicateErrors, ErrorList, STAGING, unknownCodeErrors } from './bulk/checks';
import { DuplicateKeys, merge, REBUILD_MIN_ROWS, TARGETS } from './bulk/merge';
import { stagePriceFile } from './bulk/stage';

export { readHeaderLine } from './bulk/pieces';
export { MAX_ERRORS } from './bulk/checks';

export interface BulkOptions {
  /** Today in WIB (`YYYY-MM-DD`); later dates are refused. */
  today: string;
  /** Overrides REBUILD_MIN_ROWS (tests). */
  rebuildMinRows?: number;
}

/**
 * Imports a plain price file (`date,ticker,open,high,low,close,volume`) from `input` inside `tx`,
 * whose header row is `header`. Errors name line and column; any error and nothing is written.
 */
export async function importPriceStream(
  tx: Tx,
  input: Readable,
  header: string[],
  delimiter: string,
  opts: BulkOptions,
): Promise<ImportResult & { omittedErrors: number }> {
  const errors = new ErrorList();
  const resolved = resolveColumns('prices', header);
  const result = (rowCount: number, counts = { inserted: 0, updated: 0, unchanged: 0 }) => ({
    kind: 'prices' as const,
    rows: rowCount,
    ...counts,
    errors: errors.shown.sort((a, b) => a.line - b.line),
    omittedErrors: errors.omitted,
  });
  if (resolved.errors.length) {
    errors.add(resolved.errors);
    input.destroy();
    return result(0);
  }
  const { columns } = resolved;
  const { rowCount, rowsStaged, indexRows, keys } = await stagePriceFile(
    tx,
    input,
    header,
    delimiter,
    columns,
    opts.today,
    errors,
  );
  if (!rowCount && !errors.count) errors.add([{ line: 1, message: 'berkas tidak berisi baris data' }]);
  if (errors.count) return result(rowCount);

  // Room for the hash joins of the checks and the merge, for this transaction only.
  await tx.execute(sql.raw(`set local work_mem = '64MB'`));
  await tx.execute(sql.raw(`analyze ${STAGING}`));
  await unknownCodeErrors(tx, columns, errors);
  if (errors.count) {
    if (!keys.strict) await duplicateErrors(tx, columns, errors);
    return result(rowCount);
  }

  // Each table's rows are checked for keys given twice before its writes (see merge), or by its rebuilt
  // primary key; a duplicate found after another table was written rolls every write back.
  await tx.execute(sql.raw('savepoint bulk_merge'));
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const t of TARGETS) {
    let c: Awaited<ReturnType<typeof merge>>;
    try {
      c = await merge(tx, t, t.isIndex ? indexRows : rowsStaged - indexRows, {
        rebuildMinRows: opts.rebuildMinRows ?? REBUILD_MIN_ROWS,
        checkDuplicates: async () => !keys.strict && (await duplicateErrors(tx, columns, errors, t.isIndex)),
      });
    } catch (err) {
      if (!(err instanceof DuplicateKeys)) throw err;
      // Another unique index than the key refused a row: nothing to name by line.
      if (!(await duplicateErrors(tx, columns, errors, t.isIndex))) throw err.cause;
      c = null;
    }
    if (!c) {
      await tx.execute(sql.raw('rollback to savepoint bulk_merge'));
      return result(rowCount);
    }
    counts.inserted += c.inserted;
    counts.updated += c.updated;
    counts.unchanged += c.unchanged;
  }
  if (counts.inserted || counts.updated) await markMarketChanged(tx);
  return result(rowCount, counts);
}
