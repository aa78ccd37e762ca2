/**
 * Fresh, migrated databases for tests: an in-memory PGlite by default, or — when TEST_DATABASE_URL is
 * set — a database of its own on that PostgreSQL server, dropped afterwards. Tests never share state.
 *
 * Neither is migrated per test file. A PGlite starts from the data folder that the Vitest global setup
 * (tests/global-setup.ts) migrated and dumped once per set of migrations; a PostgreSQL database is a copy
 * (`CREATE DATABASE … TEMPLATE`) of a template database migrated once per set of migrations
 * (tests/db-template.ts). Every test database still goes through `openDatabase`, whose migration step
 * then finds nothing left to apply.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { migratedPgliteDump, migrationsHash } from './db-template';
import { pgliteOptions } from '../src/server/db/pglite-options';

let dump: Promise<Blob> | undefined;

/** The migrated data folder: the global setup's file, or (run without that setup) one made here. */
function pgliteDump(): Promise<Blob> {
  dump ??= (async () => {
    const file = inject('pgliteDump');
    return file ? new Blob([await readFile(file)]) : migratedPgliteDump();
  })();
  return dump;
}

async function freshPglite(): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create({ loadDataDir: await pgliteDump(), ...(await pgliteOptions()) });
  const db = drizzle({ client, schema });
  return { db: db as unknown as DbHandle['db'], kind: 'pglite', close: () => client.close() };
}

/** A test database; `databaseUrl` is set on PostgreSQL, for tests that open a second connection or run a CLI on it. */
export type TestDb = DbHandle & { databaseUrl?: string };

/** Any number, the same in every test process: the key of the advisory lock that guards template building. */
const TEMPLATE_LOCK = 0x7e1a_a4d8;
let template: Promise<string> | undefined;

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function adminQuery(url: string, q: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query(q, values)).rows as Record<string, unknown>[];
  } finally {
    await admin.end();
  }
}

/**
 * pg's pool.end() can resolve while a socket is still closing; dropping, renaming or copying the
 * database meanwhile fails (or, with FORCE, surfaces as an uncaught error in the test process). Wait
 * for the sessions to go.
 */
async function waitForNoSessions(url: string, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const [row] = await adminQuery(url, 'select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (row?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The name of the migrated template database for the current migrations, built on first use. Test
 * processes that start at the same time (Vitest's workers, other runs on the same server) serialise on
 * an advisory lock; the template is migrated under a temporary name and renamed only when complete, so
 * a run that died half-way leaves nothing that a later run would use. It accepts no connections, so
 * copying it never finds a session in the way. The template stays for later runs; a change to the
 * migrations makes a new one (old ones can be dropped after `ALTER DATABASE … IS_TEMPLATE false`).
 */
function postgresTemplate(url: string): Promise<string> {
  template ??= (async () => {
    const name = `telaah_tpl_${migrationsHash()}`;
    const { Client } = await import('pg');
    const lock = new Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await lock.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await lock.query(`CREATE DATABASE ${building}`);
      try {
        const handle = await openDatabase({ databaseUrl: databaseUrl(url, building), dataDir: '', versions: false });
        await handle.close();
        await waitForNoSessions(url, building);
        await lock.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await lock.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      } catch (err) {
        await lock.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => undefined);
        throw err;
      }
      return name;
    } finally {
      await lock.end();
    }
  })();
  // A failed attempt is not remembered: the next test file tries again and reports its own error.
  template.catch(() => (template = undefined));
  return template;
}

/**
 * A run's test databases on PostgreSQL are named `telaah_t_<run>_<random>`, where `<run>` is the base-36
 * second the run started and four random hex digits (`postgresRunKey`), and are dropped together when the run
 * ends (`dropTestDatabases`, from the global setup's teardown), not each as its test file ends. A DROP DATABASE
 * forces a checkpoint, which wrote out the pages of the databases other test files were still using, and
 * unlinks the copy's 300-odd files while the other worker copied the next (ext4 hands out inodes slowly among
 * recently freed ones): a third of the PostgreSQL run's CPU was the server's kernel time (docs/performance.md,
 * "Test databases dropped when the run ends").
 */
const RUN_DATABASE = /^telaah_t_([0-9a-z]+)x[0-9a-f]{4}_[0-9a-f]{12}$/;

/** A new run's key: the second it started, in base 36, and four random hex digits. */
export function postgresRunKey(): string {
  return `${Math.floor(Date.now() / 1000).toString(36)}x${randomBytes(2).toString('hex')}`;
}

/**
 * Drops the databases of the run `run` and those of runs that started more than six hours ago (a run that
 * died before its teardown); other runs' databases on the same server are left alone.
 */
export async function dropTestDatabases(url: string, run: string): Promise<void> {
  const staleBefore = Date.now() / 1000 - 6 * 3600;
  const rows = await adminQuery(url, String.raw`select datname from pg_database where datname like 'telaah\_t\_%'`);
  const doomed = rows
    .map((r) => String(r.datname))
    .filter((name) => {
      const key = RUN_DATABASE.exec(name)?.[1];
      return name.startsWith(`telaah_t_${run}_`) || (key !== undefined && parseInt(key, 36) < staleBefore);
    });
  // Several at once: each DROP DATABASE waits for a checkpoint, and requests made together share one.
  const drop = async (): Promise<void> => {
    for (let name = doomed.pop(); name; name = doomed.pop()) {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, drop));
}

async function freshPostgres(url: string): Promise<TestDb> {
  // A database of its own per test file: migrations reference "public", so schemas cannot isolate.
  const run = inject('postgresRun');
  const name = run ? `telaah_t_${run}_${randomBytes(6).toString('hex')}` : `telaah_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(url)}`);
  const target = databaseUrl(url, name);
  const handle = await openDatabase({ databaseUrl: target, dataDir: '', versions: false });
  return {
    ...handle,
    databaseUrl: target,
    close: async () => {
      await handle.close();
      // The run's teardown drops it; without that setup (a run without tests/global-setup.ts), here.
      if (run) return;
      await waitForNoSessions(url, name);
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A new empty, migrated database; call `close()` when done. */
export function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? freshPostgres(url) : freshPglite();
}
