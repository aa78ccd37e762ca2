/**
 * Writing a staged price file into `daily_prices` and `index_prices`: one join per table classifies the
 * staged rows as new, changed or unchanged and only the statements with work to do run; a first load
 * builds the table's indexes and foreign keys again after inserting instead of row by row.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { executeRows } from '../../../db/rows';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../../db/errors';
import { count, STAGING } from './checks';

export interface Target {
  table: string;
  key: string;
  isIndex: boolean;
  /** How a staged price becomes the column's value. */
  cast: string;
}

export const TARGETS: readonly Target[] = [
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
export class DuplicateKeys extends Error {}

/** The indexes and constraints of `table` a bulk load drops and builds again, with their definitions. */
interface Rebuild {
  drop: string[];
  create: string[];
  /** Whether building the primary key again (or inserting under it) refuses a key given twice. */
  checksKeys: boolean;
}

export interface MergeOptions {
  rebuildMinRows: number;
  /** Looks for keys the file has twice among the target's rows; true when it found any. */
  checkDuplicates: () => Promise<boolean>;
}

async function rebuildable(tx: Tx, table: string): Promise<Rebuild> {
  const drop: string[] = [];
  const create: string[] = [];
  // The primary key only when no other table's foreign key depends on it.
  const cons = await executeRows<{ name: string; type: string; def: string; referenced: boolean }>(
    tx,
    sql.raw(`select c.conname as name, c.contype as type, pg_get_constraintdef(c.oid) as def,
       exists (select 1 from pg_constraint r where r.confrelid = c.conrelid) as referenced
       from pg_constraint c where c.conrelid = '${table}'::regclass and c.contype in ('p', 'f')
       order by c.contype desc, c.conname`),
  );
  const plainIndexes = await executeRows<{ name: string; def: string }>(
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
export async function merge(
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
  const [c] = await executeRows<{ fresh: number; changed: number }>(
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
    fresh >= count((await executeRows<{ n: number }>(tx, sql.raw(`select count(*) as n from ${t.table}`)))[0]?.n);
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
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new DuplicateKeys('key given twice', { cause: err });
    throw err;
  }
  await tx.execute(sql.raw('release savepoint bulk_rebuild'));
}
