import { afterEach, describe, expect, it, vi } from 'vitest';

// The configuration is read once per process: set the threshold before the first log line.
process.env.LOG_LEVEL = 'warn';
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
    log('info', 'job notices done', { summary: '0 sent' });
    log('debug', 'detail');
    expect([...out, ...err]).toEqual([]);
    expect(logs('info')).toBe(false);
    expect(logs('warn')).toBe(true);
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
});
