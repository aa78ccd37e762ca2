/** The contract between the file-level validation and the per-kind row validators. */
import type { RowReader } from './row-reader';
import type { RowError, TickerRef, ValidatedFile } from './types';

export interface RowContext {
  /** Today in WIB (`YYYY-MM-DD`); dates after it are refused. */
  today: string;
  /** Trading date given by the user (ringkasan files only). */
  date?: string;
  /** File-level errors (not tied to one row) go here. */
  errors: RowError[];
}

/** Validates the rows of one kind; row errors are recorded by the readers. */
export type RowValidator = (rows: RowReader[], ctx: RowContext) => { file: ValidatedFile; refs: TickerRef[] };
