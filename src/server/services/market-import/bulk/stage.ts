/**
 * Staging a price file: the stream is read piece by piece, each row validated as it is read (plain lines
 * by one expression, anything else by the full row rules) and copied with `COPY` into the temporary
 * staging table in batches of COPY_BATCH rows. Memory stays at one batch, whatever the size of the file.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { indexCode } from '../../../../domain/indexes';
import type { ColumnMap } from '../columns';
import type { RowContext } from '../context';
import { copyCsv } from '../copy';
import { readIndex, readStock } from '../prices';
import { RowReader } from '../row-reader';
import type { RowError } from '../types';
import { STAGING, type ErrorList } from './checks';
import { csvPieces, pieceRows, type Row } from './pieces';
import { KeyOrder, PlainRows } from './plain-rows';

/** Rows per COPY statement (about 4 MB of text). */
const COPY_BATCH = 100_000;

export interface Staged {
  /** Data rows read (blank lines not counted). */
  rowCount: number;
  /** Rows in the staging table, of which `indexRows` are index levels. */
  rowsStaged: number;
  indexRows: number;
  /** Whether the keys came in an order that rules out a key given twice. */
  keys: KeyOrder;
}

/**
 * Creates the staging table and stages every valid row of `input` (whose header row is `header`, its
 * columns `columns`). Row errors go to `errors`; after the first, rows are still read and checked, but no
 * longer copied.
 */
export async function stagePriceFile(
  tx: Tx,
  input: Readable,
  header: string[],
  delimiter: string,
  columns: ColumnMap,
  today: string,
  errors: ErrorList,
): Promise<Staged> {
  await tx.execute(
    sql.raw(
      `create temp table ${STAGING} (line integer not null, date date not null, code text not null,
       open double precision not null, high double precision not null, low double precision not null,
       close double precision not null, volume bigint not null, is_index boolean not null default false)
       on commit drop`,
    ),
  );
  const ctx: RowContext = { today, errors: [] };
  const at = ['date', 'ticker', 'open', 'high', 'low', 'close', 'volume'].map((k) => columns[k]!.index);
  // The standard layout: a plain line is its own staging line, without parsing it into cells.
  const standard = delimiter === ',' && header.length === 7 && at.every((i, n) => i === n);
  const keys = new KeyOrder();
  const plain = new PlainRows(today, keys);
  // Plain stock rows, and rows the full rules read (with `is_index`): two COPY column lists.
  let plainBatch: string[] = [];
  let readBatch: string[] = [];
  let rowCount = 0;
  let rowsStaged = 0;
  let indexRows = 0;
  const flush = async () => {
    if (!errors.count) {
      if (plainBatch.length) {
        await copyCsv(
          tx,
          `copy ${STAGING} (line, date, code, open, high, low, close, volume) from stdin with (format csv)`,
          plainBatch,
        );
      }
      if (readBatch.length) await copyCsv(tx, `copy ${STAGING} from stdin with (format csv)`, readBatch);
    }
    plainBatch = [];
    readBatch = [];
  };
  const stage = (row: Row) => {
    if (row.line === 1) return;
    if (row.cells.length === 1 && row.cells[0]!.trim() === '') return;
    rowCount++;
    if (row.cells.length !== header.length) {
      errors.add([
        {
          line: row.line,
          message: `jumlah kolom ${row.cells.length}, seharusnya ${header.length} seperti baris judul`,
        },
      ]);
      return;
    }
    const quick = errors.count ? undefined : plain.cells(row.line, row.cells, at);
    if (quick) {
      plainBatch.push(quick);
      rowsStaged++;
      return;
    }
    const rowErrors: RowError[] = [];
    const r = new RowReader(row, columns, rowErrors);
    const code = indexCode(r.raw('ticker'));
    const rec = code ? readIndex(r, code, ctx) : readStock(r, ctx);
    if (rowErrors.length) errors.add(rowErrors);
    if (!rec || errors.count) return;
    const key = 'code' in rec ? rec.code : rec.ticker;
    rowsStaged++;
    if (code) indexRows++;
    keys.add(key, rec.date);
    readBatch.push(
      `${row.line},${rec.date},${key},${rec.open},${rec.high},${rec.low},${rec.close},${rec.volume},${code ? 't' : 'f'}`,
    );
  };
  for await (const piece of csvPieces(input)) {
    if (standard && !piece.text.includes('"')) {
      let line = piece.line;
      for (const text of piece.text.split('\n')) {
        const quick = line === 1 || errors.count ? undefined : plain.line(line, text);
        if (quick) {
          plainBatch.push(quick);
          rowCount++;
          rowsStaged++;
        } else {
          for (const row of pieceRows({ text, line }, delimiter)) stage(row);
        }
        line++;
      }
    } else {
      for (const row of pieceRows(piece, delimiter)) stage(row);
    }
    if (plainBatch.length + readBatch.length >= COPY_BATCH) await flush();
  }
  await flush();
  return { rowCount, rowsStaged, indexRows, keys };
}
