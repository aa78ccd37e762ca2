import { afterEach, describe, expect, it, vi } from 'vitest';
import { digestOf, reportServerError } from './errors';
import { requestContext } from './request-context';

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
