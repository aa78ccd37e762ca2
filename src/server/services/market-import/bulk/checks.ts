/**
 * The checks of a staged price file that need the whole file, in SQL on the staging table: a code and
 * date given twice, a stock code `emiten` does not hold. Errors are collected up to MAX_ERRORS per file.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { executeRows } from '../../../db/rows';
import type { ColumnMap } from '../columns';
import type { RowError } from '../types';

/** Errors reported per file; the rest are counted. */
export const MAX_ERRORS = 100;

/** The temporary table a price file is staged in (dropped at commit). */
export const STAGING = 'market_import_prices';

export const count = (v: unknown) => Number(v ?? 0);

/** Collects the first MAX_ERRORS errors of a file and counts the rest. */
export class ErrorList {
  readonly shown: RowError[] = [];
  omitted = 0;

  add(errors: readonly RowError[]): void {
    for (const e of errors) {
      if (this.shown.length < MAX_ERRORS) this.shown.push(e);
      else this.omitted++;
    }
  }

  get count(): number {
    return this.shown.length + this.omitted;
  }
}

/**
 * Rows whose code and date an earlier row of the file has, among the index rows (`isIndex` true), the
 * stock rows (false) or all rows (undefined). Adds them to `errors`; true when there were any.
 */
export async function duplicateErrors(
  tx: Tx,
  columns: ColumnMap,
  errors: ErrorList,
  isIndex?: boolean,
): Promise<boolean> {
  const which = sql.raw(isIndex === undefined ? 'true' : `is_index = ${isIndex}`);
  const dupes = await executeRows<{ code: string; date: string; first: number; line: number }>(
    tx,
    sql`select s.code, s.date::text as date, f.first, s.line
        from (select code, date, min(line) as first from ${sql.raw(STAGING)} where ${which}
              group by code, date having count(*) > 1) f
        join ${sql.raw(STAGING)} s on s.code = f.code and s.date = f.date and s.line > f.first
        order by s.line limit ${MAX_ERRORS + 1}`,
  );
  errors.add(
    dupes.map((d) => ({
      line: count(d.line),
      column: columns.date?.name ?? 'date',
      message: `harga ${d.code} tanggal ${d.date} sudah ada di baris ${count(d.first)}`,
    })),
  );
  return dupes.length > 0;
}

/** Stock rows whose code `emiten` does not hold, added to `errors`. */
export async function unknownCodeErrors(tx: Tx, columns: ColumnMap, errors: ErrorList): Promise<void> {
  const unknown = await executeRows<{ code: string; line: number }>(
    tx,
    sql`select s.code, s.line from ${sql.raw(STAGING)} s
        where not s.is_index and not exists (select 1 from emiten e where e.ticker = s.code)
        order by s.line limit ${MAX_ERRORS + 1}`,
  );
  errors.add(
    unknown.map((u) => ({
      line: count(u.line),
      column: columns.ticker?.name ?? 'ticker',
      message: `kode saham ${u.code} tidak terdaftar di emiten`,
    })),
  );
}
