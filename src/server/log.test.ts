import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The configuration is read once per process: set the threshold before the first log line.
process.env.LOG_LEVEL = 'info';
const { log, logs } = await import('./log');

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

describe('log', () => {
  it('drops lines below LOG_LEVEL', () => {
    const { out, err } = capture();
    log('debug', 'detail', { summary: '0 sent' });
    expect([...out, ...err]).toEqual([]);
    expect(logs('debug')).toBe(false);
    expect(logs('info')).toBe(true);
  });

  it('writes warnings and errors to stderr as one JSON line: level, time, msg, then the fields', () => {
    const { out, err } = capture();
    log('warn', 'telegram update rejected', { reason: 'no message' });
    log('error', 'market update: trading day missing', { day: '2026-11-20' });
    expect(out).toEqual([]);
    expect(err).toHaveLength(2);
    expect(err.every((l) => l.endsWith('}\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    const [warn, error] = err.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(warn!)).toEqual(['level', 'time', 'msg', 'reason']);
    expect(warn).toMatchObject({ level: 'warn', msg: 'telegram update rejected', reason: 'no message' });
    expect(err[1]).toContain('"msg":"market update: trading day missing","day":"2026-11-20"');
    expect(error!.level).toBe('error');
  });

  it('gathers stdout lines and writes them together after the turn, before any later warning', async () => {
    const { out, err } = capture();
    log('info', 'request', { path: '/a' });
    log('info', 'request', { path: '/b' });
    expect(out).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(out).toHaveLength(1);
    expect(out[0]!.split('\n').map((l) => (l ? (JSON.parse(l) as { path: string }).path : l))).toEqual([
      '/a',
      '/b',
      '',
    ]);
    log('info', 'request', { path: '/c' });
    log('warn', 'slow');
    // The warning makes the line before it go out first.
    expect(out).toHaveLength(2);
    expect(out[1]).toContain('"path":"/c"');
    expect(err).toHaveLength(1);
  });

  it('writes the lines gathered when the process exits', () => {
    const script = `const { log } = await import('./src/server/log.ts'); log('info', 'last words'); process.exit(3);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, LOG_LEVEL: 'info' },
      encoding: 'utf8',
    });
    expect(child.status).toBe(3);
    expect(child.stdout).toContain('"msg":"last words"');
  });
});
