import { afterEach, describe, expect, it, vi } from 'vitest';
import { digestOf, reportServerError } from './errors';
import { requestContext } from './http/request-context';

describe('reportServerError without monitoring', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives a random digest in the form of a Sentry event id, logs it once, and returns it again for the same error', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
    const error = new Error('database down');
    const digest = reportServerError(error, { path: '/analisis', method: 'GET', requestId: 'r-1' });
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    expect(reportServerError(error, { path: '/analisis' })).toBe(digest);
    expect(digestOf(error)).toBe(digest);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      msg: 'server error',
      digest,
      path: '/analisis',
      method: 'GET',
      requestId: 'r-1',
      error: 'database down',
    });
    expect(reportServerError(new Error('database down'), { path: '/analisis' })).not.toBe(digest);
  });

  it('hands the digest to the request context for the request log line', () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const store = { requestId: 'r-2' };
    const digest = requestContext.run(store, () => reportServerError(new Error('x'), { path: '/x' }));
    expect(store).toEqual({ requestId: 'r-2', digest });
  });
});

describe('an unreachable database', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is reported once per outage window, whatever the number of failed requests', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
    const refused = () =>
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    const digests = new Set(Array.from({ length: 200 }, (_, i) => reportServerError(refused(), { path: `/p${i}` })));
    expect(digests.size).toBe(200);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; error: string });
    expect(logged.map((l) => [l.msg, l.error])).toEqual([
      ['server error', 'database unreachable: Failed query: select 1'],
    ]);
    // Another kind of failure meanwhile is still reported on its own.
    reportServerError(new Error('something else'), { path: '/x' });
    expect(lines).toHaveLength(2);
  });
});
