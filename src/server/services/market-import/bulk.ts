/**
 * Price files at market scale (millions of rows): the file is streamed, each row validated as it is
 * read and copied with `COPY` into a temporary staging table in batches; the checks that need the whole
 * file (a ticker and date twice, a code `emiten` does not hold) then run in SQL, and one statement per
 * table merges the new and changed rows. One transaction: any error and nothing is written. Memory
 * stays at one batch, whatever the size of the file.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { markMarketChanged } from '../market-version';
import { indexCode } from '../../../domain/indexes';
import { parseDate } from '../../../lib/market-values';
import { resolveColumns, type ColumnMap } from './columns';
import type { RowContext } from './context';
import { readIndex, readStock } from './prices';
import { RowReader } from './row-reader';
import type { ImportResult, RowError } from './types';
import { copyCsv } from './copy';

/** Rows per COPY statement (about 4 MB of text). */
const COPY_BATCH = 100_000;
/** Errors reported per file; the rest are counted. */
export const MAX_ERRORS = 100;

const STAGING = 'market_import_prices';

export interface BulkOptions {
  /** Today in WIB (`YYYY-MM-DD`); later dates are refused. */
  today: string;
}

/** Collects the first MAX_ERRORS errors of a file and counts the rest. */
class ErrorList {
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

interface Row {
  line: number;
  cells: string[];
}

function quoteCount(text: string, to: number): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1 && i < to; i = text.indexOf('"', i + 1)) n++;
  return n;
}

/**
 * The rows of a CSV stream in pieces of whole lines, each row with the 1-based line it starts on.
 * A piece ends at a line break outside quotes (an even number of quote characters before it), so a
 * quoted field with line breaks stays whole, and its breaks are counted towards the next row's line.
 * Each piece is parsed by papaparse in one synchronous call: per-row stream events cost far more.
 */
async function* csvPieces(input: Readable, delimiter: string): AsyncGenerator<Row[]> {
  let buffer = '';
  let line = 1;
  const parse = (text: string): Row[] => {
    const data = Papa.parse<string[]>(text, { delimiter, newline: '\n' }).data;
    const quoted = text.includes('"');
    const rows: Row[] = new Array<Row>(data.length);
    for (let i = 0; i < data.length; i++) {
      const cells = data[i]!;
      const last = cells.length - 1;
      if (cells[last]!.endsWith('\r')) cells[last] = cells[last]!.slice(0, -1);
      rows[i] = { line, cells };
      line++;
      if (quoted) for (const c of cells) for (let j = c.indexOf('\n'); j !== -1; j = c.indexOf('\n', j + 1)) line++;
    }
    return rows;
  };
  for await (const chunk of input as AsyncIterable<string>) {
    buffer += chunk;
    let cut = buffer.lastIndexOf('\n');
    while (cut >= 0 && quoteCount(buffer, cut) % 2 === 1) cut = cut > 0 ? buffer.lastIndexOf('\n', cut - 1) : -1;
    // No complete line yet, or a quoted field spans the whole buffer: read more first.
    if (cut < 0) continue;
    const piece = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 1);
    yield parse(piece);
  }
  if (buffer.length) yield parse(buffer);
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_CODE = /^[A-Z]{4}$/;
const PLAIN_PRICE = /^[1-9]\d{0,8}$/;
const PLAIN_VOLUME = /^[1-9]\d{0,14}$/;

/**
 * The staging line of a well-formed stock row in the plain layout (ISO date, upper-case code, digits
 * only), or undefined when the row needs the full rules — an index row, another number or date style, or
 * any mistake; those rules then report exactly what is wrong. Most rows of a big file take this path.
 * `dates` caches each date text's verdict (a decade has some 2 600 distinct days).
 */
function plainStockLine(
  line: number,
  cells: string[],
  at: readonly number[],
  today: string,
  dates: Map<string, boolean>,
): string | undefined {
  const [d, t, o, h, l, c, v] = at.map((i) => cells[i]!);
  if (!PLAIN_CODE.test(t!) || indexCode(t!)) return undefined;
  let dateOk = dates.get(d!);
  if (dateOk === undefined) {
    dateOk = PLAIN_DATE.test(d!) && parseDate(d!) === d && d! <= today;
    dates.set(d!, dateOk);
  }
  if (!dateOk) return undefined;
  if (!PLAIN_PRICE.test(o!) || !PLAIN_PRICE.test(h!) || !PLAIN_PRICE.test(l!) || !PLAIN_PRICE.test(c!)) {
    return undefined;
  }
  if (v !== '0' && !PLAIN_VOLUME.test(v!)) return undefined;
  const [open, high, low, close] = [Number(o), Number(h), Number(l), Number(c)];
  if (high < Math.max(open, close) || low > Math.min(open, close)) return undefined;
  return `${line},${t},f,${d},${o},${h},${l},${c},${v}`;
}

/** The file's first line, to recognise its kind and delimiter before streaming it. */
export async function readHeaderLine(path: string): Promise<string> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    let text = '';
    for await (const chunk of stream as AsyncIterable<string>) {
      text += chunk;
      const end = text.search(/\r?\n/);
      if (end !== -1) return text.slice(0, end);
    }
    return text;
  } finally {
    stream.destroy();
  }
}

const count = (v: unknown) => Number(v ?? 0);

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Checks of the whole file that run on the staging table: duplicates and unknown stock codes. */
async function stagedErrors(tx: Tx, columns: ColumnMap, errors: ErrorList): Promise<void> {
  const dupes = await rows<{ code: string; date: string; first: number; line: number }>(
    tx,
    sql`select s.code, s.date::text as date, f.first, s.line
        from (select code, date, min(line) as first from ${sql.raw(STAGING)} group by code, date having count(*) > 1) f
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
  const unknown = await rows<{ code: string; line: number }>(
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

interface Target {
  table: string;
  key: string;
  isIndex: boolean;
  /** How a staged price becomes the column's value. */
  cast: string;
}

const TARGETS: readonly Target[] = [
  { table: 'daily_prices', key: 'ticker', isIndex: false, cast: '::integer' },
  { table: 'index_prices', key: 'code', isIndex: true, cast: '' },
];
const PRICE_COLUMNS = ['open', 'high', 'low', 'close', 'volume'];

/** Rows a statement touched, as either driver reports it. */
function affected(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Writes one table's staged rows: changed rows are updated, then new rows inserted; `staged` rows came
 * from the file, so the rest are unchanged. The table is locked against other writers (readers go on)
 * first, so no row can appear between the two statements and plain inserts cannot conflict — cheaper
 * than `ON CONFLICT`, which probes the key once more per row. Updating first keeps a first load from
 * joining the staged rows against the ones it just inserted.
 */
async function merge(
  tx: Tx,
  t: Target,
  staged: number,
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (!staged) return { inserted: 0, updated: 0, unchanged: 0 };
  const value = (c: string) => (c === 'volume' ? `s.volume` : `s.${c}${t.cast}`);
  const keyMatch = `d.${t.key} = s.code and d.date = s.date`;
  const mine = `s.is_index = ${t.isIndex}`;
  await tx.execute(sql.raw(`lock table ${t.table} in share row exclusive mode`));
  const updated = affected(
    await tx.execute(
      sql.raw(
        `update ${t.table} d set ${PRICE_COLUMNS.map((c) => `${c} = ${value(c)}`).join(', ')}
         from ${STAGING} s where ${mine} and ${keyMatch}
         and (${PRICE_COLUMNS.map((c) => `d.${c}`).join(', ')}) is distinct from (${PRICE_COLUMNS.map(value).join(', ')})`,
      ),
    ),
  );
  const inserted = affected(
    await tx.execute(
      sql.raw(
        `insert into ${t.table} (${t.key}, date, ${PRICE_COLUMNS.join(', ')})
         select s.code, s.date, ${PRICE_COLUMNS.map(value).join(', ')} from ${STAGING} s
         where ${mine} and not exists (select 1 from ${t.table} d where ${keyMatch})`,
      ),
    ),
  );
  return { inserted, updated, unchanged: staged - inserted - updated };
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
  await tx.execute(
    sql.raw(
      `create temp table ${STAGING} (line integer not null, code text not null, is_index boolean not null,
       date date not null, open double precision not null, high double precision not null,
       low double precision not null, close double precision not null, volume bigint not null) on commit drop`,
    ),
  );
  const ctx: RowContext = { today: opts.today, errors: [] };
  const at = ['date', 'ticker', 'open', 'high', 'low', 'close', 'volume'].map((k) => columns[k]!.index);
  const dates = new Map<string, boolean>();
  let batch: string[] = [];
  let rowCount = 0;
  let rowsStaged = 0;
  let indexRows = 0;
  const flush = async () => {
    if (batch.length && !errors.count) await copyCsv(tx, `copy ${STAGING} from stdin with (format csv)`, batch);
    batch = [];
  };
  for await (const piece of csvPieces(input, delimiter)) {
    for (const row of piece) {
      if (row.line === 1) continue;
      if (row.cells.length === 1 && row.cells[0]!.trim() === '') continue;
      rowCount++;
      if (row.cells.length !== header.length) {
        errors.add([
          {
            line: row.line,
            message: `jumlah kolom ${row.cells.length}, seharusnya ${header.length} seperti baris judul`,
          },
        ]);
        continue;
      }
      const plain = errors.count ? undefined : plainStockLine(row.line, row.cells, at, opts.today, dates);
      if (plain) {
        batch.push(plain);
        rowsStaged++;
        continue;
      }
      const rowErrors: RowError[] = [];
      const r = new RowReader(row, columns, rowErrors);
      const code = indexCode(r.raw('ticker'));
      const rec = code ? readIndex(r, code, ctx) : readStock(r, ctx);
      if (rowErrors.length) errors.add(rowErrors);
      if (!rec || errors.count) continue;
      const key = 'code' in rec ? rec.code : rec.ticker;
      rowsStaged++;
      if (code) indexRows++;
      batch.push(
        `${row.line},${key},${code ? 't' : 'f'},${rec.date},${rec.open},${rec.high},${rec.low},${rec.close},${rec.volume}`,
      );
    }
    if (batch.length >= COPY_BATCH) await flush();
  }
  await flush();
  if (!rowCount && !errors.count) errors.add([{ line: 1, message: 'berkas tidak berisi baris data' }]);
  if (errors.count) return result(rowCount);

  // Room for the hash joins of the checks and the merge, for this transaction only.
  await tx.execute(sql.raw(`set local work_mem = '64MB'`));
  await tx.execute(sql.raw(`analyze ${STAGING}`));
  await stagedErrors(tx, columns, errors);
  if (errors.count) return result(rowCount);

  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const t of TARGETS) {
    const c = await merge(tx, t, t.isIndex ? indexRows : rowsStaged - indexRows);
    counts.inserted += c.inserted;
    counts.updated += c.updated;
    counts.unchanged += c.unchanged;
  }
  if (counts.inserted || counts.updated) await markMarketChanged(tx);
  return result(rowCount, counts);
}
