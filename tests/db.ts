/**
 * Fresh, migrated databases for tests: an in-memory PGlite by default, or — when TEST_DATABASE_URL is
 * set — a private schema on that PostgreSQL server, dropped afterwards. Tests never share state.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type DbHandle } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';

let snapshot: Blob | File | undefined;

async function freshPglite(): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { migrationsFolder } = await import('../src/server/db/client');
  if (!snapshot) {
    const seedClient = await PGlite.create();
    await migrate(drizzle({ client: seedClient }), { migrationsFolder: migrationsFolder() });
    snapshot = await seedClient.dumpDataDir('none');
    await seedClient.close();
  }
  const client = await PGlite.create({ loadDataDir: snapshot });
  const db = drizzle({ client, schema });
  return { db: db as unknown as DbHandle['db'], kind: 'pglite', close: () => client.close() };
}

/** A test database; `databaseUrl` is set on PostgreSQL, for tests that open a second connection or run a CLI on it. */
export type TestDb = DbHandle & { databaseUrl?: string };

async function freshPostgres(url: string): Promise<TestDb> {
  // A database of its own per test file: migrations reference "public", so schemas cannot isolate.
  const name = `telaah_t_${randomBytes(6).toString('hex')}`;
  const { Client } = await import('pg');
  const adminQuery = async (q: string, values: unknown[] = []) => {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      return (await admin.query(q, values)).rows as Record<string, unknown>[];
    } finally {
      await admin.end();
    }
  };
  await adminQuery(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
  return {
    ...handle,
    databaseUrl: target.toString(),
    close: async () => {
      await handle.close();
      // pg's pool.end() can resolve while a socket is still closing; terminating that backend with
      // FORCE then surfaces as an uncaught error in the test process. Wait for the sessions to go.
      for (let i = 0; i < 50; i++) {
        const [row] = await adminQuery('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (row?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A new empty, migrated database; call `close()` when done. */
export function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? freshPostgres(url) : freshPglite();
}
