/**
 * `npm test`: the whole suite, its steps started as soon as what they need is done, so that the machine's
 * cores stay busy (docs/performance.md, "Test suite"; decision 0048):
 *
 *   - `astro build`, the e2e demo database (scripts/e2e-data.ts: built into its cache when its sources
 *     changed, copied in a second else), lint (ESLint, cycle check, knip, Prettier) and Vitest start at
 *     once; `astro check` once the build (both write `.astro/`) and Vitest are done, beside the e2e run at
 *     the lowest priority
 *   - Playwright against that build (`scripts/e2e.ts --no-build`) once Vitest is done: the two are
 *     CPU-bound, and side by side on two cores each took longer than both in turn
 *   - with `--postgres <url>` (CI), the database tests again against that PostgreSQL server, beside the e2e
 *     run but at the lowest priority (`nice -n 19`, with longer timeouts): at the same priority they loaded
 *     the machine as much as a second Vitest and slowed the e2e run by more than they took; niced, they run
 *     on what the e2e run leaves idle (its stories wait on servers and timers), which took the e2e run
 *     327 → 380 s and the database tests off the end (88 s after it before; decision 0048, amended)
 *
 * A failing step stops the run: steps not started are skipped and running ones are stopped. A step's
 * output is printed in one piece when it ends (never interleaved), except Playwright's, which streams (its
 * run is long, and its summary belongs at the end of the log); the run ends with each step's time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Steps that must have passed before this one starts. */
  after?: string[];
  /** Runs at this niceness (`nice -n`): on what the other steps leave of the cores. */
  nice?: number;
  /** Streams its output instead of printing it when it ends. */
  stream?: boolean;
}

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
  startedAt: number;
}

const npm = (name: string, script: string, args: string[] = [], more: Partial<Step> = {}): Step => ({
  name,
  cmd: 'npm',
  args: ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
  ...more,
});

const postgres = process.argv.includes('--postgres') ? process.argv[process.argv.indexOf('--postgres') + 1] : '';
if (process.argv.includes('--postgres') && !postgres?.startsWith('postgres')) {
  console.error('test: --postgres needs a postgres:// URL');
  process.exit(2);
}

// The e2e run's demo database, made as playwright.config.ts's app server makes it (same clock and address).
const e2eDataDir = mkdtempSync(path.join(tmpdir(), 'telaah-e2e-warm-'));
const e2eData: Step = {
  name: 'e2e data',
  cmd: process.execPath,
  args: ['--import', 'tsx', 'scripts/e2e-data.ts'],
  env: {
    ...process.env,
    DATA_DIR: e2eDataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    APP_NOW: process.env.APP_NOW ?? '2026-11-20T10:00:00+07:00',
    APP_URL: `http://localhost:${process.env.E2E_PORT ?? 4329}`,
  },
};

const steps: Step[] = [
  { name: 'build', cmd: 'npx', args: ['astro', 'build'] },
  e2eData,
  // After Vitest: both are CPU-bound on two cores, and side by side each took longer than the two in turn
  // (2026-11-26: Playwright 947 s and Vitest still running at 974 s, against about 520 and 195 s in turn).
  npm('e2e', 'test:e2e', ['--no-build'], { after: ['build', 'e2e data', 'vitest'], stream: true }),
  npm('lint', 'lint'),
  // After the build (both write .astro/ with `astro sync`) and after Vitest, beside the e2e run at the lowest
  // priority, as the PostgreSQL run: beside Vitest it made the first step longer by about as much as it took
  // of both cores, while the e2e run leaves a core idle for some of its time (docs/performance.md, session 20).
  npm('astro check', 'check', [], { after: ['build', 'vitest'], nice: 19 }),
  npm('vitest', 'test:unit'),
  ...(postgres
    ? [
        // Three times Vitest's timeouts: they are there to catch a test that hangs, and a niced one waits for
        // the cores whenever the e2e run takes both.
        npm('test:db on PostgreSQL', 'test:db', ['--testTimeout=90000', '--hookTimeout=180000'], {
          after: ['vitest'],
          nice: 19,
          env: { ...process.env, TEST_DATABASE_URL: postgres },
        }),
      ]
    : []),
];

const runStarted = performance.now();
const since = (t: number) => ((t - runStarted) / 1000).toFixed(0);
const outcomes = new Map<string, Outcome>();
const running = new Map<string, ChildProcess>();
const stopped = new Set<string>();
let failed = false;

function start(step: Step): Promise<void> {
  const started = performance.now();
  console.log(`test: ${step.name} started at ${since(started)} s`);
  return new Promise((resolve) => {
    // Its own process group, so that a failure elsewhere stops the whole step (servers, browsers and all).
    const [cmd, args] = step.nice ? ['nice', ['-n', String(step.nice), step.cmd, ...step.args]] : [step.cmd, step.args];
    const child = spawn(cmd, args, {
      stdio: step.stream ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      env: step.env ?? process.env,
      detached: true,
    });
    running.set(step.name, child);
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => chunks.push(d));
    child.stderr?.on('data', (d: Buffer) => chunks.push(d));
    const finish = (code: number) => {
      running.delete(step.name);
      const seconds = (performance.now() - started) / 1000;
      if (!step.stream) {
        console.log(`\n── ${step.name} (${seconds.toFixed(0)} s, exit ${code}) ──`);
        process.stdout.write(Buffer.concat(chunks));
      }
      outcomes.set(step.name, { step, code, seconds, startedAt: started });
      if (code !== 0 && !failed) {
        failed = true;
        for (const [name, other] of running) {
          console.log(`test: stopping ${name} (${step.name} failed)`);
          stopped.add(name);
          if (other.pid) process.kill(-other.pid, 'SIGTERM');
        }
      }
      resolve();
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

// Each step runs in a process group of its own, out of reach of the terminal's Ctrl-C: pass it on.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    failed = true;
    for (const [name, child] of running) {
      stopped.add(name);
      if (child.pid) process.kill(-child.pid, signal);
    }
  });
}

// Starts every step whose prerequisites passed, until none is left to start.
const pending = new Set(steps);
const inFlight = new Set<Promise<void>>();
for (;;) {
  if (!failed) {
    for (const step of [...pending]) {
      if ((step.after ?? []).every((name) => outcomes.get(name)?.code === 0)) {
        pending.delete(step);
        const p = start(step).then(() => void inFlight.delete(p));
        inFlight.add(p);
      }
    }
  }
  if (!inFlight.size) break;
  await Promise.race(inFlight);
}

rmSync(e2eDataDir, { recursive: true, force: true });
console.log('\ntest: time per step (started at, took)');
for (const step of steps) {
  const o = outcomes.get(step.name);
  const time = o ? `${since(o.startedAt).padStart(5)} s ${o.seconds.toFixed(0).padStart(5)} s` : ' '.repeat(15);
  const verdict = !o ? 'not run' : o.code === 0 ? 'ok' : stopped.has(step.name) ? 'stopped' : 'FAILED';
  console.log(`  ${step.name.padEnd(22)} ${time}  ${verdict}`);
}
console.log(`  ${'total'.padEnd(22)} ${' '.repeat(8)}${since(performance.now()).padStart(5)} s`);
process.exit(failed || pending.size ? 1 : 0);
