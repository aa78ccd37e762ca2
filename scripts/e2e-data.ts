/**
 * Prepares the embedded data folder of a server under e2e test, before the server starts
 * (docs/decisions/0029-e2e-member-pool-and-demo-copy.md): copies into DATA_DIR the demo database cached
 * for this APP_NOW and these sources (scripts/lib/demo-cache.ts). When there is none yet, it is built
 * once: the demo data (scripts/lib/demo.ts, as `npm start` loads it), the pool of verified members per
 * tier (scripts/lib/member-pool.ts) and the pool of admins with two factors (scripts/lib/admin-pool.ts),
 * both listed in `e2e-pool.json` for tests/e2e/fixtures.ts. Only this script writes the pools: `npm start`
 * and `npm run seed` load the demo data alone.
 *
 * `node --import tsx scripts/e2e-data.ts` with DATA_DIR (a new or empty folder: one holding a database is
 * kept) and APP_NOW set;
 * playwright.config.ts runs it before the app server, and specs that start servers of their own run it
 * through tests/e2e/demo-data.ts. The copy needs no server module: only a build loads them.
 */
import './lib/env';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { copyCachedDemo, demoCacheDir, demoCacheRoot, POOL_FILE, pruneDemoCache } from './lib/demo-cache';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Loads demo data and the member pool into a new folder, then moves it into the cache (or loses the race). */
async function buildCache(cached: string, appUrl: string): Promise<void> {
  const build = path.join(demoCacheRoot(), `build-${process.pid}-${randomBytes(4).toString('hex')}`);
  // Receipt mails of the pool's payments go to the build's outbox: config() reads DATA_DIR once, later.
  process.env.DATA_DIR = build;
  const { openDatabase } = await import('../src/server/db/client');
  const { now } = await import('../src/server/clock');
  const { demoChoice, ensureDemoData } = await import('./lib/demo');
  const { seedAdminPool, seedMemberPool } = await import('./lib/member-pool');
  const handle = await openDatabase({ databaseUrl: '', dataDir: build });
  try {
    await ensureDemoData(handle, demoChoice([]));
    const started = performance.now();
    const pool = await seedMemberPool(handle.db, now(), appUrl);
    pool.admins = await seedAdminPool(handle.db, now());
    writeFileSync(path.join(build, POOL_FILE), JSON.stringify(pool, null, 1));
    console.log(
      `e2e data: ${pool.members.length} pool members and ${pool.admins.length} admins written in ${seconds(started)}`,
    );
  } finally {
    await handle.close();
  }
  try {
    renameSync(build, cached);
  } catch (err) {
    if (!existsSync(cached)) throw err;
    rmSync(build, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { DATA_DIR, APP_NOW, DATABASE_URL, NODE_ENV, APP_URL } = process.env;
  if (!DATA_DIR) throw new Error('e2e-data: set DATA_DIR to the server’s (new) data folder');
  if (DATABASE_URL) throw new Error('e2e-data prepares an embedded database: unset DATABASE_URL');
  if (!APP_NOW || NODE_ENV === 'production') throw new Error('e2e-data needs a fixed clock: set APP_NOW');
  const dataDir = path.resolve(DATA_DIR);
  if (existsSync(path.join(dataDir, 'pglite'))) {
    console.log(`e2e data: ${dataDir} already holds a database; kept as it is`);
    return;
  }
  const started = performance.now();
  const cached = demoCacheDir(APP_NOW);
  let how = 'copied from the cache';
  if (!copyCachedDemo(cached, dataDir)) {
    how = 'loaded into the cache, then copied';
    await buildCache(cached, APP_URL ?? '');
    if (!copyCachedDemo(cached, dataDir)) throw new Error(`no demo data in ${cached} after building it`);
    pruneDemoCache(cached);
  }
  console.log(`e2e data: demo database ${how} (${cached}) in ${seconds(started)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
