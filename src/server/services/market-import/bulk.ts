/**
 * Price files at market scale (millions of rows): the file is streamed, each row validated as it is
 * read (plain lines by one expression, anything else by the full row rules) and copied with `COPY` into
 * a temporary staging table in batches; the checks that need the whole file (a ticker and date twice, a
 * code `emiten` does not hold) then run in SQL, one join per table classifies the rows as new, changed
 * or unchanged, and only the statements with work to do run. A first load builds the table's indexes
 * and foreign keys again after inserting instead of maintaining them row by row. One transaction: any
 * error and nothing is written. Memory stays at one batch, whatever the size of the file.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { LineTooLongError, MAX_LINE_CHARS } from './text-rules';
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
import { STOCK_CODE_PATTERN } from '../../../domain/idx';

/** Rows per COPY statement (about 4 MB of text). */
const COPY_BATCH = 100_000;
/** Errors reported per file; the rest are counted. */
export const MAX_ERRORS = 100;

const STAGING = 'market_import_prices';

export interface BulkOptions {
  /** Today in WIB (`YYYY-MM-DD`); later dates are refused. */
  today: string;
  /** Overrides REBUILD_MIN_ROWS (tests). */
  rebuildMinRows?: number;
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

/** The number of the buffer's last line, the buffer starting at line `first`. */
function lineOfTail(buffer: string, first: number): number {
  let line = first;
  for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n', i + 1)) line++;
  return line;
}

/** Whole lines of a CSV stream; `line` is the 1-based number of the piece's first line. */
interface Piece {
  text: string;
  line: number;
}

/**
 * A CSV stream in pieces of whole lines. A piece ends at a line break outside quotes (an even number of
 * quote characters before it), so a quoted field with line breaks stays whole; its breaks count as lines.
 */
async function* csvPieces(input: Readable): AsyncGenerator<Piece> {
  let buffer = '';
  let line = 1;
  const piece = (text: string): Piece => {
    const p = { text, line };
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
    line++;
    return p;
  };
  for await (const chunk of input as AsyncIterable<string>) {
    buffer += chunk;
    // The incomplete line held so far: no market file has one this long, so stop reading at once.
    if (buffer.length - buffer.lastIndexOf('\n') > MAX_LINE_CHARS) throw new LineTooLongError(lineOfTail(buffer, line));
    let cut = buffer.lastIndexOf('\n');
    while (cut >= 0 && quoteCount(buffer, cut) % 2 === 1) cut = cut > 0 ? buffer.lastIndexOf('\n', cut - 1) : -1;
    // No complete line yet, or a quoted field spans the whole buffer: read more first, up to a line's
    // length (a quoted field that long is no market data either).
    if (cut < 0 && buffer.length > MAX_LINE_CHARS) throw new LineTooLongError(line);
    if (cut < 0) continue;
    const text = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 1);
    yield piece(text);
  }
  if (buffer.length) yield piece(buffer);
}

/**
 * The rows of a piece parsed by papaparse in one synchronous call (per-row stream events cost far
 * more), each with the line it starts on; a quoted line break counts towards the next row's line.
 */
function pieceRows(p: Piece, delimiter: string): Row[] {
  const data = Papa.parse<string[]>(p.text, { delimiter, newline: '\n' }).data;
  const quoted = p.text.includes('"');
  const rows: Row[] = new Array<Row>(data.length);
  let line = p.line;
  for (let i = 0; i < data.length; i++) {
    const cells = data[i]!;
    const last = cells.length - 1;
    if (cells[last]!.endsWith('\r')) cells[last] = cells[last]!.slice(0, -1);
    rows[i] = { line, cells };
    line++;
    if (quoted) for (const c of cells) for (let j = c.indexOf('\n'); j !== -1; j = c.indexOf('\n', j + 1)) line++;
  }
  return rows;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_CODE = new RegExp(`^${STOCK_CODE_PATTERN}$`);
const PLAIN_PRICE = /^[1-9]\d{0,8}$/;
const PLAIN_VOLUME = /^(0|[1-9]\d{0,14})$/;
/** A whole stock line in the standard layout (`date,ticker,open,high,low,close,volume`) and plain notation. */
const PLAIN_LINE = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2}),(${STOCK_CODE_PATTERN}),([1-9]\\d{0,8}),([1-9]\\d{0,8}),([1-9]\\d{0,8}),([1-9]\\d{0,8}),(0|[1-9]\\d{0,14})\\r?$`,
);

/**
 * Whether the staged keys came in strictly increasing order of (code, date) or of (date, code), as
 * exports and generated files are: then no code and date can come twice, and the file needs no
 * duplicate search. Dates are ISO texts, so text order is date order.
 */
class KeyOrder {
  private code = '';
  private date = '';
  private byCode = true;
  private byDate = true;

  add(code: string, date: string): void {
    if (this.byCode && !(code > this.code || (code === this.code && date > this.date))) this.byCode = false;
    if (this.byDate && !(date > this.date || (date === this.date && code > this.code))) this.byDate = false;
    this.code = code;
    this.date = date;
  }

  get strict(): boolean {
    return this.byCode || this.byDate;
  }
}

/**
 * The quick check of well-formed stock rows in plain notation (ISO date, upper-case code, digits only):
 * such a row is staged as it is. A row it does not pass — an index row, another number or date style,
 * any mistake — goes through the full row rules, which then report exactly what is wrong. Most rows of a
 * big file pass. Each date and code text's verdict is cached (a decade has some 2 600 distinct days).
 */
class PlainRows {
  private readonly dates = new Map<string, boolean>();
  private readonly codes = new Map<string, boolean>();

  constructor(
    private readonly today: string,
    private readonly keys: KeyOrder,
  ) {}

  /** Whether date, code and prices whose notation is already plain pass the remaining rules. */
  private passes(d: string, t: string, o: string, h: string, l: string, c: string): boolean {
    let dateOk = this.dates.get(d);
    if (dateOk === undefined) {
      dateOk = parseDate(d) === d && d <= this.today;
      this.dates.set(d, dateOk);
    }
    if (!dateOk) return false;
    let stock = this.codes.get(t);
    if (stock === undefined) {
      stock = !indexCode(t);
      this.codes.set(t, stock);
    }
    if (!stock) return false;
    const [open, high, low, close] = [+o, +h, +l, +c];
    return high >= Math.max(open, close) && low <= Math.min(open, close);
  }

  /** The staging line of a raw file line in the standard layout, or undefined when it needs the full rules. */
  line(line: number, text: string): string | undefined {
    const m = PLAIN_LINE.exec(text);
    if (!m || !this.passes(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]!)) return undefined;
    this.keys.add(m[2]!, m[1]!);
    // The line is the staged columns after the line number; only a trailing \r must go.
    return `${line},${text.endsWith('\r') ? text.slice(0, -1) : text}`;
  }

  /** The staging line of parsed cells (`at`: where date, ticker, open … volume are), or undefined. */
  cells(line: number, cells: string[], at: readonly number[]): string | undefined {
    const [d, t, o, h, l, c, v] = at.map((i) => cells[i]!) as [string, string, string, string, string, string, string];
    if (!PLAIN_CODE.test(t) || !PLAIN_DATE.test(d) || !PLAIN_VOLUME.test(v)) return undefined;
    if (!PLAIN_PRICE.test(o) || !PLAIN_PRICE.test(h) || !PLAIN_PRICE.test(l) || !PLAIN_PRICE.test(c)) return undefined;
    if (!this.passes(d, t, o, h, l, c)) return undefined;
    this.keys.add(t, d);
    return `${line},${d},${t},${o},${h},${l},${c},${v}`;
  }
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
      if (text.length > MAX_LINE_CHARS) throw new LineTooLongError(1);
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

/**
 * Rows whose code and date an earlier row of the file has, among the index rows (`isIndex` true), the
 * stock rows (false) or all rows (undefined). Adds them to `errors`; true when there were any.
 */
async function duplicateErrors(tx: Tx, columns: ColumnMap, errors: ErrorList, isIndex?: boolean): Promise<boolean> {
  const which = sql.raw(isIndex === undefined ? 'true' : `is_index = ${isIndex}`);
  const dupes = await rows<{ code: string; date: string; first: number; line: number }>(
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
async function unknownCodeErrors(tx: Tx, columns: ColumnMap, errors: ErrorList): Promise<void> {
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

/**
 * New rows from which a load into a table that holds fewer rows than it brings drops the table's
 * indexes and foreign keys and builds them again afterwards: one sort per index instead of millions of
 * index insertions and foreign-key probes (five times less work on a first load of a decade).
 */
export const REBUILD_MIN_ROWS = 100_000;

/** Thrown inside the merge when rebuilding the primary key finds a key twice in the file. */
class DuplicateKeys extends Error {}

/** The indexes and constraints of `table` a bulk load drops and builds again, with their definitions. */
interface Rebuild {
  drop: string[];
  create: string[];
  /** Whether building the primary key again (or inserting under it) refuses a key given twice. */
  checksKeys: boolean;
}

interface MergeOptions {
  rebuildMinRows: number;
  /** Looks for keys the file has twice among the target's rows; true when it found any. */
  checkDuplicates: () => Promise<boolean>;
}

async function rebuildable(tx: Tx, table: string): Promise<Rebuild> {
  const drop: string[] = [];
  const create: string[] = [];
  // The primary key only when no other table's foreign key depends on it.
  const cons = await rows<{ name: string; type: string; def: string; referenced: boolean }>(
    tx,
    sql.raw(`select c.conname as name, c.contype as type, pg_get_constraintdef(c.oid) as def,
       exists (select 1 from pg_constraint r where r.confrelid = c.conrelid) as referenced
       from pg_constraint c where c.conrelid = '${table}'::regclass and c.contype in ('p', 'f')
       order by c.contype desc, c.conname`),
  );
  const plainIndexes = await rows<{ name: string; def: string }>(
    tx,
    sql.raw(`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i where i.indrelid = '${table}'::regclass
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
       order by 1`),
  );
  const keys = cons.filter((c) => c.type === 'p' && !c.referenced);
  const foreign = cons.filter((c) => c.type === 'f');
  for (const c of [...foreign, ...keys]) drop.push(`alter table ${table} drop constraint "${c.name}"`);
  for (const i of plainIndexes) drop.push(`drop index ${i.name}`);
  // Primary key first: building it is the check that no key came twice.
  for (const c of keys) create.push(`alter table ${table} add constraint "${c.name}" ${c.def}`);
  for (const i of plainIndexes) create.push(i.def);
  for (const c of foreign) create.push(`alter table ${table} add constraint "${c.name}" ${c.def}`);
  return { drop, create, checksKeys: cons.some((c) => c.type === 'p') };
}

/**
 * Writes one table's staged rows and counts them: one join classifies every staged row as new, changed
 * or unchanged, and only the statements with work to do run — a re-import of an unchanged file costs
 * that join alone. The table is locked against other writers (readers go on) first, so no row can appear
 * between the statements and plain inserts cannot conflict — cheaper than `ON CONFLICT`, which probes
 * the key once more per row. A load of only new rows that at least doubles the table goes in with the
 * table's indexes and foreign keys dropped and built again afterwards (see REBUILD_MIN_ROWS); readers of
 * the table then wait for the import's commit. Throws DuplicateKeys when that finds a key twice.
 */
async function merge(
  tx: Tx,
  t: Target,
  staged: number,
  opts: MergeOptions,
): Promise<{ inserted: number; updated: number; unchanged: number } | null> {
  if (!staged) return { inserted: 0, updated: 0, unchanged: 0 };
  const value = (c: string) => (c === 'volume' ? `s.volume` : `s.${c}${t.cast}`);
  const keyMatch = `d.${t.key} = s.code and d.date = s.date`;
  const mine = `s.is_index = ${t.isIndex}`;
  const differs = `(${PRICE_COLUMNS.map((c) => `d.${c}`).join(', ')}) is distinct from (${PRICE_COLUMNS.map(value).join(', ')})`;
  await tx.execute(sql.raw(`lock table ${t.table} in share row exclusive mode`));
  const [c] = await rows<{ fresh: number; changed: number }>(
    tx,
    sql.raw(
      `select count(*) filter (where d.${t.key} is null) as fresh, count(*) filter (where d.${t.key} is not null and ${differs}) as changed
       from ${STAGING} s left join ${t.table} d on ${keyMatch} where ${mine}`,
    ),
  );
  const fresh = count(c?.fresh);
  const changed = count(c?.changed);
  const onlyNew = fresh === staged;
  const large =
    onlyNew &&
    fresh >= opts.rebuildMinRows &&
    fresh >= count((await rows<{ n: number }>(tx, sql.raw(`select count(*) as n from ${t.table}`)))[0]?.n);
  const plan = large ? await rebuildable(tx, t.table) : null;
  // Rebuilding the primary key finds keys the file has twice; otherwise they are looked for first.
  if (!plan?.checksKeys && (await opts.checkDuplicates())) return null;
  if (changed) {
    await tx.execute(
      sql.raw(
        `update ${t.table} d set ${PRICE_COLUMNS.map((col) => `${col} = ${value(col)}`).join(', ')}
         from ${STAGING} s where ${mine} and ${keyMatch} and ${differs}`,
      ),
    );
  }
  if (fresh) {
    const insert = `insert into ${t.table} (${t.key}, date, ${PRICE_COLUMNS.join(', ')})
       select s.code, s.date, ${PRICE_COLUMNS.map(value).join(', ')} from ${STAGING} s where ${mine}
       ${onlyNew ? '' : `and not exists (select 1 from ${t.table} d where ${keyMatch})`}`;
    if (plan) await rebuildAround(tx, plan, `${insert} order by s.code, s.date`);
    else await tx.execute(sql.raw(insert));
  }
  return { inserted: fresh, updated: changed, unchanged: staged - fresh - changed };
}

/** Runs `insert` with the table's indexes and foreign keys dropped, then builds them again. */
async function rebuildAround(tx: Tx, { drop, create }: Rebuild, insert: string): Promise<void> {
  await tx.execute(sql.raw('savepoint bulk_rebuild'));
  try {
    for (const q of drop) await tx.execute(sql.raw(q));
    await tx.execute(sql.raw(insert));
    for (const q of create) await tx.execute(sql.raw(q));
  } catch (err) {
    await tx.execute(sql.raw('rollback to savepoint bulk_rebuild'));
    if (pgCode(err) === '23505') throw new DuplicateKeys('key given twice', { cause: err });
    throw err;
  }
  await tx.execute(sql.raw('release savepoint bulk_rebuild'));
}

/** The SQLSTATE of a database error from either driver (Drizzle may wrap it). */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
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
      `create temp table ${STAGING} (line integer not null, date date not null, code text not null,
       open double precision not null, high double precision not null, low double precision not null,
       close double precision not null, volume bigint not null, is_index boolean not null default false)
       on commit drop`,
    ),
  );
  const ctx: RowContext = { today: opts.today, errors: [] };
  const at = ['date', 'ticker', 'open', 'high', 'low', 'close', 'volume'].map((k) => columns[k]!.index);
  // The standard layout: a plain line is its own staging line, without parsing it into cells.
  const standard = delimiter === ',' && header.length === 7 && at.every((i, n) => i === n);
  const keys = new KeyOrder();
  const plain = new PlainRows(opts.today, keys);
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
