/**
 * Cross-server mutual exclusion through PostgreSQL session advisory locks: `pg_try_advisory_lock` on a
 * connection held for the whole job, released by `pg_advisory_unlock` (or by PostgreSQL when the
 * connection dies with its process). On PGlite (one connection, one process per data folder) the
 * same SQL runs on its only session.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executeRows } from '../db/rows';

/** First key of every Telaah advisory lock (the two-key form keeps them apart from other users' locks). */
const NAMESPACE = 0x7e1a;

interface PoolLike {
  connect(): Promise<{ query(text: string, values: unknown[]): Promise<{ rows: { ok: boolean }[] }>; release(): void }>;
}

const isPool = (client: unknown): client is PoolLike =>
  typeof client === 'object' && client !== null && 'connect' in client && 'totalCount' in client;

/**
 * Runs `fn` while holding lock `key`, or returns `{ ran: false }` at once when another session holds
 * it. Session locks are re-entrant within one session, so callers also guard against overlapping
 * runs in their own process.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPool(client)) {
    const conn = await client.connect();
    try {
      const { rows } = await conn.query('select pg_try_advisory_lock($1, $2) as ok', [NAMESPACE, key]);
      if (!rows[0]?.ok) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        await conn.query('select pg_advisory_unlock($1, $2) as ok', [NAMESPACE, key]);
      }
    } finally {
      conn.release();
    }
  }
  const [locked] = await executeRows<{ ok: boolean }>(db, sql`select pg_try_advisory_lock(${NAMESPACE}, ${key}) as ok`);
  if (!locked?.ok) return { ran: false };
  try {
    return { ran: true, value: await fn() };
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${NAMESPACE}, ${key})`);
  }
}
