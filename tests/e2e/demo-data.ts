/**
 * Demo data for the servers a spec starts itself, copied instead of loaded (loading takes minutes on a busy
 * machine; docs/decisions/0029-e2e-member-pool-and-demo-copy.md):
 * - embedded: a copy of the demo data folder cached for this APP_NOW and these sources
 *   (scripts/lib/demo-cache.ts), built by scripts/e2e-data.ts when there is none yet;
 * - PostgreSQL: a database created from a template database holding the demo data for this APP_NOW and
 *   these sources, loaded once by `npm run seed` (`CREATE DATABASE … TEMPLATE`, a file copy in the server).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { copyCachedDemo, demoCacheDir, demoCacheKey } from '../../scripts/lib/demo-cache';
import { programArgs } from '../cli';

const run = promisify(execFile);

/** A new folder (named with `prefix`) holding the demo database as it is at `appNow`. */
export async function demoDataDir(prefix: string, appNow: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (copyCachedDemo(demoCacheDir(appNow), dir)) return dir;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, APP_NOW: appNow, DATABASE_URL: '', NODE_ENV: 'test' };
  await run(process.execPath, programArgs('e2e-data'), { env, maxBuffer: 1 << 24 });
  return dir;
}

/**
 * Creates the PostgreSQL database `name` (through the server of `adminUrl`) holding the demo data as it is at
 * `appNow`. The template is built once per APP_NOW and sources; two specs asking at once take turns.
 */
export async function createDemoDatabase(adminUrl: string, name: string, appNow: string): Promise<void> {
  const template = `telaah_demo_${demoCacheKey(appNow)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        const build = `${template}_build`;
        await client.query(`DROP DATABASE IF EXISTS ${build}`);
        await client.query(`CREATE DATABASE ${build}`);
        const url = Object.assign(new URL(adminUrl), { pathname: `/${build}` }).toString();
        const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, APP_NOW: appNow, NODE_ENV: 'test' };
        await run(process.execPath, programArgs('seed', '--allow-database-url'), {
          env,
          maxBuffer: 1 << 24,
        });
        await client.query(`ALTER DATABASE ${build} RENAME TO ${template}`);
        await client.query(
          `COMMENT ON DATABASE ${template} IS 'Telaah e2e demo data template (tests/e2e/demo-data.ts)'`,
        );
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
}
