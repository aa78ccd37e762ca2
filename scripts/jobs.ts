/**
 * `npm run jobs`: runs the background jobs (Telegram group removals, notices, housekeeping, the daily
 * market update) as their own process, every JOBS_INTERVAL_SECONDS; `npm run jobs -- --once` runs each
 * once and exits (cron, tests). `--job <name>` limits the run to the named jobs. Safe next to app servers on the same
 * PostgreSQL: each job holds an advisory lock while it runs. On the embedded database the server
 * holds the data folder, so stop it first (it runs the same jobs itself).
 */
import './lib/env';
import { parseArgs } from 'node:util';
import { config, ConfigError } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { jobContextFromConfig } from '../src/server/jobs/context';
import { JOBS } from '../src/server/jobs/jobs';
import { logOutcomes, runJobsOnce, startJobScheduler } from '../src/server/jobs/runner';
import { setProcessDatabase } from '../src/server/db/client';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { once: { type: 'boolean', default: false }, job: { type: 'string', multiple: true } },
  });
  const unknown = (values.job ?? []).filter((n) => !JOBS.some((j) => j.name === n));
  if (unknown.length) {
    console.error(`Unknown job ${unknown.join(', ')}; jobs: ${JOBS.map((j) => j.name).join(', ')}`);
    return 2;
  }
  const c = config();
  const handle = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR });
  setProcessDatabase(handle);
  if (values.once) {
    const outcomes = await runJobsOnce(await jobContextFromConfig(handle.db), values.job);
    logOutcomes(outcomes);
    // Problems a job reported to Sentry are queued; send them before the process ends.
    if (c.SENTRY_DSN) await (await import('../src/server/integrations/sentry')).flushMonitoring();
    await handle.close();
    return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
  }
  const seconds = c.JOBS_INTERVAL_SECONDS || 300;
  console.log(`Running jobs every ${seconds} s; Ctrl+C stops.`);
  const scheduler = startJobScheduler(() => jobContextFromConfig(handle.db), seconds * 1000, 0);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await scheduler.stop();
  await handle.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
