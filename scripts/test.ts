/**
 * `npm test`: the whole suite, in phases that share the machine well. Each phase runs its steps at the
 * same time and waits for all of them; a failing step stops the run after its phase. A step's output is
 * printed in one piece when it ends (never interleaved), and the run ends with each step's time.
 *
 *   1. lint (ESLint + Prettier) and `astro check`: both mostly single-threaded, so they share two cores
 *   2. Vitest and `astro build`: the unit and integration tests never read `dist/`
 *   3. Playwright against that build (`scripts/e2e.ts --no-build`)
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  cmd: string;
  args: string[];
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

const phases: Step[][] = [
  [npm('lint', 'lint'), npm('astro check', 'check')],
  [npm('vitest', 'test:unit'), { name: 'build', cmd: 'npx', args: ['astro', 'build'] }],
  [npm('e2e', 'test:e2e', '--no-build')],
];
function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Alone in its phase, a step streams its output (the e2e run is long); together, each is buffered.
    const child = spawn(step.cmd, step.args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
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

console.log('\ntest: time per step');
for (const o of outcomes)
  console.log(`  ${o.step.name.padEnd(22)} ${o.seconds.toFixed(0).padStart(5)} s  ${o.code === 0 ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(22)} ${((performance.now() - runStarted) / 1000).toFixed(0).padStart(5)} s`);
process.exit(failed ? 1 : 0);
