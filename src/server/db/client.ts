/**
 * The database of this process: embedded PGlite in `DATA_DIR` when `DATABASE_URL` is unset, else a
 * PostgreSQL server through `pg`. Opened once per process (the handle lives on `globalThis`, so the
 * start script and the bundled server share it), migrated on open.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { setVersionStore, VersionStore } from './data-versions';
import { watchRequestWrites } from './request-writes';
import { pgliteOptions } from './pglite-options';
import { log } from '../log';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * Keep identities and data versions in memory, kept exact by listening for the database's change
   * notifications (db/data-versions.ts; default true). Off, every request reads them from the database.
   */
  versions?: boolean;
}

/** Where the SQL migrations live; resolved from the working directory, as the CLIs and `npm start` run there. */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
}

/** Opens and migrates a database. Embedded databases take the data-folder lock first. */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.versions ?? true);
  const dir = path.resolve(opts.dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await lockDataDir(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create({
      dataDir: path.join(dir, 'pglite'),
      ...(await pgliteOptions()),
    });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    const store =
      (opts.versions ?? true)
        ? new VersionStore({ kind: 'pglite', listen: (channel, onPayload) => client.listen(channel, onPayload) })
        : undefined;
    if (store) setVersionStore(db, store);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await store?.close();
        await client.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

async function openPostgres(url: string, versions: boolean): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  // Which requests wrote: they wait for this server to apply their change notifications (0044).
  watchRequestWrites(pool);
  // pg reports errors of idle clients (server restart, connection terminated) on the pool; unheard, they crash the process.
  pool.on('error', (err) => log('error', 'idle PostgreSQL client error', { error: err.message }));
  const db = drizzle({ client: pool, schema });
  try {
    await migrate(db, { migrationsFolder: migrationsFolder() });
  } catch (err) {
    // A failed open leaves nothing behind: the next attempt makes its own pool.
    await pool.end().catch(() => undefined);
    throw err;
  }
  const store = versions ? new VersionStore({ kind: 'postgres', url }) : undefined;
  if (store) setVersionStore(db, store);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: async () => {
      await store?.close();
      await pool.end();
    },
  };
}

const KEY = Symbol.for('telaah.db');
/** The same handle once open, for callers that cannot wait (the Node server's answers from memory). */
const OPEN = Symbol.for('telaah.db.open');
const OPEN_RETRY_MS = 2_000;
type Holder = { [KEY]?: Promise<DbHandle>; [OPEN]?: DbHandle };

/** Installs an already-open handle as this process' database (the start script does this). */
export function setProcessDatabase(handle: DbHandle): void {
  (globalThis as Holder)[KEY] = Promise.resolve(handle);
  (globalThis as Holder)[OPEN] = handle;
}

/** The process' database if it is open already, else undefined (nothing is opened). */
export function openProcessDatabase(): DbHandle | undefined {
  return (globalThis as Holder)[OPEN];
}

/**
 * The process' database, opened from the environment on first use. A failed open is kept for
 * OPEN_RETRY_MS only: a later request tries again, so a server started while its database was
 * unreachable recovers.
 */
export function processDatabase(): Promise<DbHandle> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const opening = (async () => {
      const { config } = await import('../config');
      const c = config();
      return openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR });
    })();
    holder[KEY] = opening;
    opening.then(
      (handle) => {
        if (holder[KEY] === opening) holder[OPEN] = handle;
      },
      () => undefined,
    );
    // Kept for a moment, so that the many queries of one request do not each try again.
    opening.catch(() => {
      setTimeout(() => {
        if (holder[KEY] === opening) delete holder[KEY];
      }, OPEN_RETRY_MS).unref();
    });
  }
  return holder[KEY];
}

/** Shorthand for services: the Drizzle database of this process. */
export async function getDb(): Promise<Db> {
  return (await processDatabase()).db;
}
