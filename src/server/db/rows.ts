/**
 * The rows of a raw SQL statement (`db.execute(sql…)`) on either driver this app opens.
 *
 * `Db` is typed over any PostgreSQL driver's result, so TypeScript knows nothing of what `execute`
 * answers. Both drivers answer an object with `rows`, one object per row keyed by column name:
 * node-postgres its `QueryResult`, PGlite its `Results`. Values are as the driver decodes them (a
 * `bigint` or `numeric` comes as a string on both): cast with `::int` in the SQL or convert in the caller.
 */
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

/** The rows `query` returns, run on `db` (a transaction is a `Db` too). `T` is the caller's word for them. */
export async function executeRows<T>(db: Pick<Db, 'execute'>, query: SQLWrapper | string): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
