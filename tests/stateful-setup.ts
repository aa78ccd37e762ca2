/**
 * Set-up of the `stateful` project (vitest.config.ts), run before each of its files after
 * tests/worker-setup.ts: files that set environment variables, spy on functions or fake the clock share
 * their worker process, as the other integrated files do, instead of starting a process each, and still
 * see nothing of the files before them:
 *
 * - before the file, Vitest's registry of the project's modules is emptied, so the file imports them afresh
 *   (`config()` reads the environment the file sets), and what the app keeps per process on `globalThis`
 *   (`Symbol.for('telaah.…')`: the process's database, caches, the job scheduler) is put aside, so none of
 *   an earlier file's is reused. npm packages stay loaded (Node's own loader holds them, not Vitest's
 *   registry): with Drizzle, PGlite, Zod and the SDKs, they were most of what a process per file paid again.
 * - after the file, what it left running is ended as its process's exit would have (the job scheduler
 *   stopped, the process's database closed, which releases its data folder's lock), the app's globals are
 *   put back as they were, and so are the environment, spies and the clock.
 *
 * 27 files: 145 → 74 core-seconds, 75 → 41 s, alone on two workers (docs/performance.md, session 21; decision 0058).
 */
import { afterAll, vi } from 'vitest';

const holder = globalThis as unknown as Record<symbol, unknown>;
const appGlobals = () => Object.getOwnPropertySymbols(globalThis).filter((s) => s.description?.startsWith('telaah.'));
// Read through their keys, not through db/client.ts and jobs/runner.ts: importing those here would load the
// database modules again before every file, including the files that never use them.
const SCHEDULER = Symbol.for('telaah.jobs.scheduler');
const DATABASE = Symbol.for('telaah.db.open');

vi.resetModules();
const env = { ...process.env };
const earlier = new Map(appGlobals().map((key) => [key, holder[key]]));
for (const key of earlier.keys()) delete holder[key];

afterAll(async () => {
  await (holder[SCHEDULER] as { stop(): Promise<void> } | undefined)?.stop();
  // Closed already when the file closed it itself.
  await (holder[DATABASE] as { close(): Promise<void> } | undefined)?.close().catch(() => undefined);
  for (const key of appGlobals()) delete holder[key];
  for (const [key, value] of earlier) holder[key] = value;
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
