import { describe, expect, it } from 'vitest';
import { SUPPORT_WRITABLE_ROUTES, supportMayWrite } from '../../src/server/auth/support-writes';
import { writeRoutes } from '../write-routes';

const routes = writeRoutes();

describe('impersonated writes are refused unless the route opts in', () => {
  it('finds the write routes in src/pages (pages with a POST branch and endpoints with write handlers)', () => {
    const found = new Map(routes.map((r) => [r.pattern, r.methods]));
    expect(found.get('/settings/notification')).toEqual(['POST']);
    expect(found.get('/api/portfolio/transactions/[id]')).toEqual(['DELETE', 'PATCH']);
    expect(found.get('/api/portfolio/portfolios')).toEqual(['POST']);
    expect(found.has('/analisis')).toBe(false);
  });

  it.each(routes.flatMap((r) => r.methods.map((m) => [m, r.pattern] as const)))('%s %s', (method, pattern) => {
    expect(supportMayWrite(pattern, method)).toBe(Object.hasOwn(SUPPORT_WRITABLE_ROUTES, pattern));
  });

  it('refuses a write route nobody declared, and allows reads everywhere', () => {
    expect(supportMayWrite('/settings/notification', 'POST')).toBe(false);
    expect(supportMayWrite('/pay', 'POST')).toBe(false);
    expect(supportMayWrite('/route-added-tomorrow', 'DELETE')).toBe(false);
    expect(supportMayWrite('/settings/notification', 'GET')).toBe(true);
  });

  it('declares only routes that exist and accept writes', () => {
    const writable = new Set(routes.map((r) => r.pattern));
    const declared = Object.keys(SUPPORT_WRITABLE_ROUTES).filter((p) => !p.startsWith('/_server-islands/'));
    expect(declared.filter((p) => !writable.has(p))).toEqual([]);
  });
});
