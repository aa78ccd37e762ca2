/**
 * `npm start`: builds when the build is missing or older than the sources, opens and migrates the
 * database, loads demo data into an empty embedded database, then serves the site (with the security
 * headers and request logs of src/server/node-server.ts).
 */
import './lib/env';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { assertProductionReady, config, ConfigError } from '../src/server/config';
import { openDatabase, setProcessDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { serveBuild } from '../src/server/node-server';
import { ensureDemoData } from './lib/demo';
import { jobContextFromConfig } from '../src/server/jobs/context';
import { startJobScheduler } from '../src/server/jobs/runner';

const ENTRY = 'dist/server/entry.mjs';
const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

function buildIfNeeded(): void {
  const built = existsSync(ENTRY) ? statSync(ENTRY).mtimeMs : 0;
  const stale = SOURCES.some((s) => newestMtime(s) > built);
  if (!stale && !process.argv.includes('--build')) return;
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const r = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('Build failed; see the messages above.');
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const c = config();
  assertProductionReady(c);
  buildIfNeeded();
  const handle = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR });
  const demo = await ensureDemoData(handle, { allowExternal: process.argv.includes('--demo') });
  setProcessDatabase(handle);
  await serveBuild({ entry: ENTRY, host: c.HOST, port: c.PORT });
  const url = c.APP_URL ?? `http://${c.HOST}:${c.PORT}`;
  console.log(`\nTelaah is running at ${url}`);
  console.log(`Database: ${handle.kind === 'pglite' ? `embedded (${path.resolve(c.DATA_DIR)})` : 'PostgreSQL (DATABASE_URL)'}`);
  if (demo.accounts.length) {
    console.log(`Demo accounts (password: ${demo.password}):`);
    for (const a of demo.accounts) console.log(`  ${a.email.padEnd(24)} ${a.label}`);
  }
  // The jobs run here, in the serving process only: never during `astro build`, once per process.
  const jobs = c.JOBS_INTERVAL_SECONDS > 0 ? startJobScheduler(() => jobContextFromConfig(handle.db), c.JOBS_INTERVAL_SECONDS * 1000) : null;
  console.log(jobs ? `Background jobs: every ${c.JOBS_INTERVAL_SECONDS} s` : 'Background jobs: off (JOBS_INTERVAL_SECONDS=0); run `npm run jobs`');
  const stop = async () => {
    jobs?.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
