/**
 * `COPY … FROM STDIN` inside a Drizzle transaction, on both databases Telaah runs on. PGlite reads the
 * rows from a Blob mounted as `/dev/blob`; PostgreSQL receives them as a COPY stream (`pg-copy-streams`).
 * Drizzle exposes no COPY, so this reaches the transaction's driver client: PGlite's transaction object
 * or the pooled `pg` client Drizzle checked out for the transaction.
 */
import { once } from 'node:events';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { Tx } from '../../db/client';

interface PgliteTx {
  query(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

type DriverClient = { kind: 'pglite'; client: PgliteTx } | { kind: 'pg'; client: PoolClient };

function driverClient(tx: Tx): DriverClient {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client && typeof (client as PoolClient).release === 'function') {
    return { kind: 'pg', client: client as PoolClient };
  }
  if (client && typeof (client as PgliteTx).query === 'function' && 'rollback' in (client as object)) {
    return { kind: 'pglite', client: client as PgliteTx };
  }
  throw new Error('COPY needs a PGlite or node-postgres transaction');
}

/**
 * Runs `statement` (a `COPY table [(columns)] FROM STDIN …`) with `lines` as its input, one row per
 * line without a trailing newline, in the transaction `tx`.
 */
export async function copyCsv(tx: Tx, statement: string, lines: readonly string[]): Promise<void> {
  const text = `${lines.join('\n')}\n`;
  const driver = driverClient(tx);
  if (driver.kind === 'pglite') {
    await driver.client.query(statement.replace(/\bfrom\s+stdin\b/i, `from '/dev/blob'`), [], {
      blob: new Blob([text]),
    });
    return;
  }
  const stream = driver.client.query(copyFrom(statement));
  const done = Promise.race([once(stream, 'finish'), once(stream, 'error').then(([err]) => Promise.reject(err))]);
  stream.end(text);
  await done;
}
