/**
 * Runs the jobs: once (`npm run jobs -- --once`, tests) or every few minutes inside a process
 * (`npm start`, `npm run jobs`). Each job runs under its PostgreSQL advisory lock, so several app
 * servers on one database never run the same job at the same time; a server that finds the lock
 * taken skips that job until its next turn.
 */
import { withAdvisoryLock } from './advisory-lock';
import { JOBS, type Job } from './jobs';
import type { JobContext } from './context';
import { log } from '../log';

export interface JobOutcome {
  job: string;
  status: 'done' | 'locked' | 'failed';
  summary: string;
  ms: number;
}

// Advisory locks are re-entrant within one database session (PGlite has only one), so overlapping
// runs inside this process are kept apart here.
const running = new Set<string>();

async function runOne(ctx: JobContext, job: Job): Promise<JobOutcome> {
  const started = Date.now();
  const out = (status: JobOutcome['status'], summary: string): JobOutcome => ({
    job: job.name,
    status,
    summary,
    ms: Date.now() - started,
  });
  if (running.has(job.name)) return out('locked', 'already running in this process');
  running.add(job.name);
  try {
    const r = await withAdvisoryLock(ctx.db, job.lockKey, () => job.run(ctx));
    return r.ran ? out('done', r.value) : out('locked', 'running on another server');
  } catch (err) {
    return out('failed', err instanceof Error ? (err.stack ?? err.message) : String(err));
  } finally {
    running.delete(job.name);
  }
}

/** Runs every job (or the named ones) once, one after the other; a failing job does not stop the others. */
export async function runJobsOnce(ctx: JobContext, names?: readonly string[]): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of JOBS) if (!names?.length || names.includes(job.name)) outcomes.push(await runOne(ctx, job));
  return outcomes;
}

export function logOutcomes(outcomes: JobOutcome[]): void {
  for (const o of outcomes) {
    log(o.status === 'failed' ? 'error' : 'info', `job ${o.job} ${o.status}`, { summary: o.summary, ms: o.ms });
  }
}

const KEY = Symbol.for('telaah.jobs.scheduler');
type Holder = { [KEY]?: { stop(): Promise<void> } };

/**
 * Starts running the jobs every `intervalMs` in this process, the first run shortly after start-up;
 * a second call returns the scheduler already running. `stop()` starts no further pass and resolves
 * when the one running (if any) has finished.
 */
export function startJobScheduler(
  makeContext: () => Promise<JobContext>,
  intervalMs: number,
  firstRunMs = 5_000,
): { stop(): Promise<void> } {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let pass: Promise<void> | null = null;
  const tick = () => {
    pass = runPass().finally(() => (pass = null));
  };
  const runPass = async () => {
    try {
      logOutcomes(await runJobsOnce(await makeContext()));
    } catch (err) {
      log('error', 'job pass failed', { error: String(err) });
    }
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  timer = setTimeout(tick, firstRunMs).unref();
  holder[KEY] = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      delete holder[KEY];
      await pass;
    },
  };
  return holder[KEY];
}
