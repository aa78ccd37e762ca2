/**
 * Run before every test file (Vitest's `setupFiles`): points DATA_DIR at a data folder of this worker
 * process, inside the run's folder (tests/global-setup.ts), unless the file sets its own. Without it, code
 * under test that reaches for the process's data folder (the embedded database a server opens on first
 * use, the installation's auth secret) used the repository's `./data`: the developer's own, which a running
 * server holds, and which two workers opened at once, one failing on the other's lock (a flaky
 * node-server test, 2026-12-06). The same folder every time in a process: a worker's shared modules
 * (config.ts caches the environment) keep seeing one value.
 *
 * On PostgreSQL it also fails a test file in which pg warned that a query was sent on a connection still
 * running another: a transaction's queries sent at once (`Promise.all` on a `Tx`), which pg queues today and
 * pg 9 will refuse. pg warns once per process, so the check sees the first file that does it in each worker.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';

const dir = path.join(inject('dataRoot'), String(process.pid));
mkdirSync(dir, { recursive: true });
process.env.DATA_DIR = dir;

const CONCURRENT_QUERY = /already executing a query/;
const state = globalThis as { telaahQueryWarnings?: string[] };
if (process.env.TEST_DATABASE_URL && !state.telaahQueryWarnings) {
  // Once per process: with shared workers this file runs again before every test file.
  const seen: string[] = (state.telaahQueryWarnings = []);
  process.on('warning', (warning) => {
    if (CONCURRENT_QUERY.test(warning.message)) seen.push(warning.stack ?? warning.message);
  });
}
afterAll(() => {
  const warnings = state.telaahQueryWarnings?.splice(0) ?? [];
  expect(warnings, 'queries sent at once on one connection (a transaction in Promise.all?)').toEqual([]);
});
