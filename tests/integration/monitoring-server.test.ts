/**
 * The server SDK against the Sentry ingest stand-in: what a server error sends, under which id, and
 * what it leaves out.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSentryStandIn } from '../stand-ins/sentry';

const ingest = await startSentryStandIn();
process.env.SENTRY_DSN = ingest.dsn(42);
process.env.SENTRY_ENVIRONMENT = 'integration';
process.env.LOG_LEVEL = 'silent';
const { reportServerError } = await import('../../src/server/errors');
const { browserMonitoringConfig } = await import('../../src/server/monitoring/browser-config');

afterAll(() => ingest.close());

class AccessError extends Error {
  override name = 'AccessError';
}

describe('server monitoring with SENTRY_DSN set', () => {
  it('sends a server error once, under the digest, with the member id only and the impersonation tagged', async () => {
    const error = new Error('Koneksi basis data terputus');
    const ctx = {
      path: '/portofolio/all',
      method: 'GET',
      requestId: 'req-1',
      viewerId: 'member-1',
      actorId: 'admin-1',
    };
    const digest = reportServerError(error, ctx);
    expect(reportServerError(error, ctx)).toBe(digest);
    await vi.waitFor(() => expect(ingest.events().some((e) => e.event_id === digest)).toBe(true), { timeout: 10_000 });
    const event = ingest.events().find((e) => e.event_id === digest)!;
    expect(event.user).toEqual({ id: 'member-1' });
    expect(event.tags).toMatchObject({ impersonating: 'yes', impersonator_id: 'admin-1', request_id: 'req-1' });
    expect(event.environment).toBe('integration');
    expect(event.release).toMatch(/^telaah@\d/);
    expect(event.transaction).toBe('GET /portofolio/all');
    expect(ingest.events().filter((e) => e.event_id === digest)).toHaveLength(1);
  });

  it('drops redirect control flow, yet still gives the page a digest', async () => {
    const digest = reportServerError(new AccessError('sign-in'), { path: '/pay' });
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    const marker = reportServerError(new Error('penanda'), { path: '/x' });
    await vi.waitFor(() => expect(ingest.events().some((e) => e.event_id === marker)).toBe(true), { timeout: 10_000 });
    expect(ingest.events().some((e) => e.event_id === digest)).toBe(false);
  });

  it('gives the browser the DSN, the tunnel of its project, and the member id', () => {
    expect(browserMonitoringConfig({ viewerId: 'member-1', impersonating: true })).toEqual({
      dsn: ingest.dsn(42),
      tunnel: '/monitoring?p=42',
      release: expect.stringMatching(/^telaah@/),
      environment: 'integration',
      userId: 'member-1',
      impersonating: true,
    });
  });
});
