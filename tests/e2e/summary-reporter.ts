/**
 * The end of a CI log is what survives: CI systems (ours included) keep only the tail of a long run, and
 * the line reporter prints a story's error when it happens, hundreds of lines before the end. This
 * reporter repeats, after the run, every story that failed or needed its retry ("flaky"), each attempt's
 * error (first lines, without colour codes) and what the story printed itself. Bounded: a run with many
 * failures prints the first few in full and the titles of the rest. Every run ends with where its time went:
 * the slowest stories and the spec files that took longest (each story's time as Playwright reports it, all
 * attempts summed), so that a slow suite can be looked into from any CI log (docs/performance.md).
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SHOWN_IN_FULL = 5;
const ERROR_LINES = 25;
const OUTPUT_LINES = 15;
const SLOWEST = 10;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

function firstLines(text: string, n: number): string {
  const lines = text.replace(ANSI, '').trimEnd().split('\n');
  return lines.length > n ? [...lines.slice(0, n), `… (${lines.length - n} more lines)`].join('\n') : lines.join('\n');
}

function title(test: TestCase): string {
  const [, project, file, ...rest] = test.titlePath();
  return `[${project}] ${file} › ${rest.join(' › ')}`;
}

function attempt(result: TestResult): string {
  const parts = [`  attempt ${result.retry + 1}: ${result.status} after ${Math.round(result.duration / 1000)} s`];
  for (const error of result.errors) {
    parts.push(firstLines(error.stack ?? error.message ?? String(error.value), ERROR_LINES).replace(/^/gm, '    '));
  }
  const printed = result.stdout.map((chunk) => String(chunk)).join('');
  if (printed.trim()) parts.push(`    printed:\n${firstLines(printed, OUTPUT_LINES).replace(/^/gm, '      ')}`);
  return parts.join('\n');
}

export default class SummaryReporter implements Reporter {
  private readonly tests: TestCase[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase): void {
    if (!this.tests.includes(test)) this.tests.push(test);
  }

  /** The slowest stories and spec files, in seconds of all their attempts. */
  private timings(): string[] {
    const seconds = (t: TestCase) => t.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
    const byFile = new Map<string, number>();
    for (const t of this.tests) {
      const file = t.titlePath()[2] ?? '?';
      byFile.set(file, (byFile.get(file) ?? 0) + seconds(t));
    }
    const line = (s: number, what: string) => `  ${s.toFixed(1).padStart(6)} s  ${what}`;
    return [
      '',
      `e2e time: the ${SLOWEST} slowest stories`,
      ...[...this.tests]
        .sort((a, b) => seconds(b) - seconds(a))
        .slice(0, SLOWEST)
        .map((t) => line(seconds(t), title(t))),
      `e2e time: the ${SLOWEST} slowest spec files (stories summed; two workers run at once)`,
      ...[...byFile]
        .sort((a, b) => b[1] - a[1])
        .slice(0, SLOWEST)
        .map(([file, s]) => line(s, file)),
    ];
  }

  onEnd(result: FullResult): void {
    console.log(this.timings().join('\n'));
    const failed = this.tests.filter((t) => t.outcome() === 'unexpected');
    const flaky = this.tests.filter((t) => t.outcome() === 'flaky');
    if (!failed.length && !flaky.length) return;
    const out = ['', `e2e summary (${result.status}): ${failed.length} failed, ${flaky.length} flaky`];
    [...failed, ...flaky].forEach((test, i) => {
      const kind = test.outcome() === 'flaky' ? 'FLAKY (passed on retry)' : 'FAILED';
      out.push(`\n${kind}: ${title(test)}`);
      if (i < SHOWN_IN_FULL) {
        for (const r of test.results) if (r.status !== 'passed' && r.status !== 'skipped') out.push(attempt(r));
      }
    });
    console.log(out.join('\n'));
  }
}
