/**
 * The production server that `npm start` runs (scripts/launch.mjs builds when needed, then imports this
 * file's bundle, dist/server/start.mjs): opens and migrates the database, loads demo data into an empty
 * embedded database (none with `--no-demo`; docs/operations.md, "Real market data only"), then serves the site (with the
 * security headers, compression and request logs of src/server/http/node-server.ts). SIGTERM and SIGINT stop it
 * gracefully: no new connections, requests in flight answered (up to SHUTDOWN_SECONDS), then the jobs and
 * background work finish and the database closes; the exit status is 0.
 */
import './lib/env';
import path from 'node:path';
import { assertProductionReady, config } from '../src/server/config';
import { openDatabase, setProcessDatabase } from '../src/server/db/client';
import { drainServer, serveBuild } from '../src/server/http/node-server';
import { drainBackground } from '../src/server/background';
import { provideEmbeddedSecret } from '../src/server/auth/secret';
import { demoChoice, ensureDemoData } from './lib/demo';
import { assertNoPoolAdmins, exitWithStartupError, warnWithoutAppUrl } from './lib/startup';
import { warnAnalysesWithoutEmiten } from '../src/server/services/market-import';
import { jobContextFromConfig } from '../src/server/jobs/context';
import { startJobScheduler } from '../src/server/jobs/runner';
import { configuredOrigin } from '../src/server/site';

const ENTRY = 'dist/server/entry.mjs';

async function main(): Promise<void> {
  provideEmbeddedSecret();
  const c = config();
  assertProductionReady(c);
  warnWithoutAppUrl(c);
  const handle = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR });
  await assertNoPoolAdmins(handle.db, c.NODE_ENV);
  const demo = await ensureDemoData(handle, demoChoice(process.argv.slice(2)));
  await warnAnalysesWithoutEmiten(handle.db, (line) => console.warn(line));
  setProcessDatabase(handle);
  const server = await serveBuild({ entry: ENTRY, host: c.HOST, port: c.PORT });
  const url = configuredOrigin(c);
  console.log(`\nTelaah is running at ${url}`);
  console.log(
    `Database: ${handle.kind === 'pglite' ? `embedded (${path.resolve(c.DATA_DIR)})` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (demo.accounts.length) {
    console.log(`Demo accounts (password: ${demo.password}):`);
    for (const a of demo.accounts) console.log(`  ${a.email.padEnd(24)} ${a.label}`);
  }
  // The jobs run here, in the serving process only: never during `astro build`, once per process.
  const jobs =
    c.JOBS_INTERVAL_SECONDS > 0
      ? startJobScheduler(() => jobContextFromConfig(handle.db), c.JOBS_INTERVAL_SECONDS * 1000)
      : null;
  console.log(
    jobs
      ? `Background jobs: every ${c.JOBS_INTERVAL_SECONDS} s`
      : 'Background jobs: off (JOBS_INTERVAL_SECONDS=0); run `npm run jobs`',
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping; requests in flight get up to ${c.SHUTDOWN_SECONDS} s`);
    const drained = await drainServer(server, c.SHUTDOWN_SECONDS * 1000);
    await jobs?.stop();
    await drainBackground(5_000);
    await handle.close();
    console.log(drained ? 'Stopped.' : 'Stopped; requests still open at the deadline were cut.');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  // `kill -USR2 <pid>`: one line of the process's memory use (bytes), whatever LOG_LEVEL says.
  process.on('SIGUSR2', () => console.log(JSON.stringify({ msg: 'memory', ...process.memoryUsage() })));
}

main().catch(exitWithStartupError);
