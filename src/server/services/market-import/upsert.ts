/**
 * Batched upserts that report what they did. Each batch first counts which of its natural keys exist,
 * then inserts with `ON CONFLICT DO UPDATE … WHERE (columns) IS DISTINCT FROM (excluded)`, so rows
 * that did not change are not touched and are not returned. From the two numbers follow inserted,
 * updated and unchanged, without `xmax`, the same on PGlite and PostgreSQL.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { WriteCounts } from './types';

/** Rows per statement; keeps the parameter count far below PostgreSQL's 65 535. */
export const BATCH_SIZE = 1000;

export interface UpsertSpec {
  table: PgTable;
  /** Property names of the natural key (the conflict target). */
  keys: readonly string[];
  /** Property names of the columns an import may change. */
  update: readonly string[];
}

const list = (parts: SQL[]) => sql.join(parts, sql`, `);

function columnsOf(spec: UpsertSpec, names: readonly string[]): PgColumn[] {
  const all = getTableColumns(spec.table) as Record<string, PgColumn>;
  return names.map((n) => all[n]!);
}

async function countExisting(tx: Tx, spec: UpsertSpec, batch: Record<string, unknown>[]): Promise<number> {
  const keyCols = columnsOf(spec, spec.keys);
  // Casting each value to its column's type lets PostgreSQL compare typed values, not text.
  const tuples = batch.map(
    (row) => sql`(${list(keyCols.map((c, i) => sql`${row[spec.keys[i]!]}::${sql.raw(c.getSQLType())}`))})`,
  );
  const [res] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(spec.table)
    .where(sql`(${list(keyCols.map((c) => sql`${c}`))}) in (${list(tuples)})`);
  return Number(res?.n ?? 0);
}

async function upsertBatch(tx: Tx, spec: UpsertSpec, batch: Record<string, unknown>[]): Promise<number> {
  const updateCols = columnsOf(spec, spec.update);
  const excluded = (c: PgColumn) => sql.raw(`excluded."${c.name}"`);
  const set = Object.fromEntries(spec.update.map((name, i) => [name, excluded(updateCols[i]!)]));
  const changed = sql`(${list(updateCols.map((c) => sql`${c}`))}) is distinct from (${list(updateCols.map(excluded))})`;
  const returned = await tx
    .insert(spec.table)
    .values(batch)
    .onConflictDoUpdate({ target: columnsOf(spec, spec.keys), set, setWhere: changed })
    .returning({ one: sql<number>`1` });
  return returned.length;
}

/** Upserts rows in batches of BATCH_SIZE; the caller provides the transaction and unique keys. */
export async function upsertCounted(tx: Tx, spec: UpsertSpec, rows: readonly object[]): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows.slice(i, i + BATCH_SIZE) as Record<string, unknown>[];
    const existing = await countExisting(tx, spec, batch);
    const written = await upsertBatch(tx, spec, batch);
    const inserted = batch.length - existing;
    const updated = written - inserted;
    counts.inserted += inserted;
    counts.updated += updated;
    counts.unchanged += existing - updated;
  }
  return counts;
}
