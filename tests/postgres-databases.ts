/**
 * PostgreSQL databases of a spec's own, for the servers e2e specs start on PostgreSQL (two-servers, alerts,
 * deploy): a fresh name on the server of TEST_DATABASE_URL (as the database tests use), else the local
 * server's default database; created empty or as a copy of the demo data, dropped afterwards.
 *
 *     const db = specDatabase('two');          // telaah_two_<random>, nothing created yet
 *     test.beforeAll(() => db.createWithDemo(APP_NOW));   // or db.create() for an empty one
 *     test.afterAll(() => db.drop());
 *     // the servers get DATABASE_URL: db.url
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDemoDatabase } from './e2e/demo-data';

/** The maintenance connection that creates and drops the databases: TEST_DATABASE_URL, else the local server's. */
const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface SpecDatabase {
  /** The database's name: `telaah_<prefix>_<10 hex digits>`. */
  readonly name: string;
  /** Its connection URL: the admin URL's server and user, this database. */
  readonly url: string;
  /** Creates it empty (unmigrated: the server or `npm run seed` migrates it). */
  create(): Promise<void>;
  /** Creates it as a copy of the demo data at `appNow` (tests/e2e/demo-data.ts: a template loaded once). */
  createWithDemo(appNow: string): Promise<void>;
  /** Drops it, ending any session still on it; does nothing when it does not exist. */
  drop(): Promise<void>;
}

/** Runs one statement on the server of `adminUrl`, on a connection of its own. */
async function postgresAdmin(statement: string, adminUrl = POSTGRES_ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of the spec's own on the server of `adminUrl`, named after `prefix` (lower-case letters, digits, _). */
export function specDatabase(prefix: string, adminUrl = POSTGRES_ADMIN_URL): SpecDatabase {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`specDatabase: "${prefix}" is not a plain lower-case name`);
  const name = `telaah_${prefix}_${randomBytes(5).toString('hex')}`;
  return {
    name,
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    create: () => postgresAdmin(`CREATE DATABASE ${name}`, adminUrl),
    createWithDemo: (appNow) => createDemoDatabase(adminUrl, name, appNow),
    drop: () => postgresAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, adminUrl),
  };
}
