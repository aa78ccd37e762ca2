/**
 * `npm test`: the whole suite, in phases that share the machine well. Each phase runs its steps at the
 * same time and waits for all of them; a failing step stops the run after its phase. A step's output is
 * printed in one piece when it ends (never interleaved), and the run ends with each step's time.
 *
 *   1. lint (ESLint + Prettier) and `astro check`: both mostly single-threaded, so they share two cores
 *   2. Vitest and `astro build`: the unit and integration tests never read `dist/`; beside them the e2e
 *      demo database (scripts/e2e-data.ts), built into its cache when the sources changed (a minute or
 *      two that the e2e phase would otherwise spend before its first story) and copied in a second else
 *   3. Playwright against that build (`scripts/e2e.ts --no-build`)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
}

const npm = (name: string, script: string, ...args: string[]): Step => ({
  name,
  cmd: 'npm',
  args: ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
});

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

const phases: Step[][] = [
  [npm('lint', 'lint'), npm('astro check', 'check')],
  [npm('vitest', 'test:unit'), { name: 'build', cmd: 'npx', args: ['astro', 'build'] }, e2eData],
  [npm('e2e', 'test:e2e', '--no-build')],
];
function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Alone in its phase, a step streams its output (the e2e run is long); together, each is buffered.
    const child = spawn(step.cmd, step.args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: step.env ?? process.env,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => chunks.push(d));
    child.stderr?.on('data', (d: Buffer) => chunks.push(d));
    const finish = (code: number) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) {
        console.log(`\n── ${step.name} (${seconds.toFixed(0)} s, exit ${code}) ──`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ step, code, seconds });
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const outcomes: Outcome[] = [];
const runStarted = performance.now();
let failed = false;
for (const phase of phases) {
  const phaseStarted = performance.now();
  console.log(`\ntest: ${phase.map((s) => s.name).join(' + ')}`);
  const results = await Promise.all(phase.map((s) => run(s, phase.length === 1)));
  outcomes.push(...results);
  console.log(`test: phase done in ${((performance.now() - phaseStarted) / 1000).toFixed(0)} s`);
  if (results.some((r) => r.code !== 0)) {
    failed = true;
    break;
  }
}

rmSync(e2eDataDir, { recursive: true, force: true });
console.log('\ntest: time per step');
for (const o of outcomes)
  console.log(`  ${o.step.name.padEnd(22)} ${o.seconds.toFixed(0).padStart(5)} s  ${o.code === 0 ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(22)} ${((performance.now() - runStarted) / 1000).toFixed(0).padStart(5)} s`);
process.exit(failed ? 1 : 0);
