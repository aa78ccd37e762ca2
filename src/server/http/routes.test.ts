import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_IN_PAGES, patternOf, routeOf, ROUTES, ruleOf, type RoutePattern } from './routes';
import { BODY_LIMITS, bodyRuleFor } from './body-limits';
import { SUPPORT_WRITABLE_ROUTES, supportMayWrite } from '../auth/support-writes';
import { isAdminRoute } from '../auth/admin-routes';
import { apiWriteWithoutOrigin } from './api-origin';
import { isPublicRoute } from './http-cache';
import { IMPORT_MAX_BYTES } from '../../lib/limits';
import { STOCK_CODE_PATTERN } from '../../domain/idx';
import { routePattern } from '../../../tests/write-routes';
import { NOT_WALKED, ROUTES as WALKED } from '../../../tests/e2e/routes';

const PAGES = path.resolve(import.meta.dirname, '../../pages');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Every page and endpoint under src/pages, as its route pattern. */
const pagePatterns = files(PAGES)
  .filter((f) => /\.(astro|ts|js)$/.test(f) && !/\.test\.ts$|\.d\.ts$/.test(f))
  .map((f) => routePattern(f));

const patterns = Object.keys(ROUTES) as RoutePattern[];

/** Concrete paths for a pattern: each parameter filled with a few values, stock codes valid or not. */
function examples(pattern: string): string[] {
  let paths = [pattern];
  const fill = (re: RegExp, values: string[]) =>
    (paths = paths.flatMap((p) => (re.test(p) ? values.map((v) => p.replace(re, v)) : [p])));
  for (let i = 0; i < 3; i++) {
    fill(/\[\.\.\.[^\]]+\]/, ['a', 'a/b']);
    fill(/\[(?:emitenId|ticker|kode)\]/, ['BBCA', 'MAMIP', 'BBCA-W1', 'BBC1', 'bbca']);
    fill(/\[[^\]]+\]/, ['x', '00000000-0000-4000-8000-000000000000', 'BBCA']);
  }
  return paths;
}

const EXTRA_PATHS = [
  '/api',
  '/api/unknown',
  '/api/webhooks/other',
  '/api/auth/session',
  '/api/auth/callback/google',
  '/analisis/non-emiten',
  '/portofolio',
  '/unknown/page',
  '/_server-islands/Island',
  '/_actions/x',
  '/monitoring/x',
  '/sitemap-other.xml',
];
const SAMPLE_PATHS = [...new Set([...patterns.flatMap(examples), ...EXTRA_PATHS])];

describe('the route policy covers every route', () => {
  it('has an entry for every page and endpoint under src/pages', () => {
    expect(pagePatterns.length).toBeGreaterThan(80);
    expect(pagePatterns.filter((p) => !ruleOf(p))).toEqual([]);
  });

  it('names only routes that exist (or are declared as not in src/pages)', () => {
    const onDisk = new Set(pagePatterns);
    expect(patterns.filter((p) => !onDisk.has(p) && !NOT_IN_PAGES.has(p))).toEqual([]);
  });

  it('finds each route from a concrete path, as Astro would', () => {
    for (const pattern of patterns) {
      const path = pattern
        .replace(/\[\.\.\.[^\]]+\]/, 'a/b')
        .replace(/\[(?:emitenId|ticker|kode)\]/g, 'BBCA')
        .replace(/\[[^\]]+\]/g, 'x1');
      expect(patternOf(path), path).toBe(pattern);
    }
    expect(patternOf('/analisis/banding')).toBe('/analisis/banding');
    expect(patternOf('/analisis/MAMIP')).toBe('/analisis/[emitenId]');
    expect(patternOf('/analisis/non-emiten/x')).toBe('/analisis/non-emiten/[analisisNonEmitenId]');
    expect(patternOf('/analisis/bbca')).toBe('/[...path]');
    expect(patternOf('/api/nothing/here')).toBe('/api/[...path]');
    expect(patternOf('/api')).toBe('/[...path]');
    expect(patternOf('/')).toBe('/');
  });
});

describe('the route-wide e2e stories', () => {
  it('walk every page of the policy, or say why not', () => {
    const walked = new Set<string>(WALKED.map((r) => patternOf(r.path.split('?')[0]!)));
    const pages = patterns.filter((p) => ROUTES[p].kind === 'page' && !NOT_IN_PAGES.has(p));
    expect(pages.filter((p) => !walked.has(p) && !Object.hasOwn(NOT_WALKED, p))).toEqual([]);
    expect(Object.keys(NOT_WALKED).filter((p) => walked.has(p) || ruleOf(p)?.kind !== 'page')).toEqual([]);
    expect([...walked].filter((p) => NOT_IN_PAGES.has(p))).toEqual([]);
  });
});

// ---- The tables the policy replaced, as they were (commit ec4505e), to check it answers as they did ----

const OLD = {
  body(pathname: string) {
    const WEBHOOKS = new Set([
      '/api/webhooks/stripe',
      '/api/webhooks/midtrans',
      '/api/telegram/webhook',
      '/monitoring',
    ]);
    const IMPORTS = new Set(['/api/portfolio/import', '/portofolio/transaksi']);
    const FORM_ENDPOINTS = new Set(['/api/impersonate/start']);
    const JSON_ENDPOINTS = [/^\/api\/portfolio\/(portfolios|transactions)(\/[^/]+)?$/, /^\/api\/courses\/progress$/];
    const page = !pathname.startsWith('/api/') && !pathname.startsWith('/_') && pathname !== '/monitoring';
    const formOnly = page || FORM_ENDPOINTS.has(pathname);
    const jsonOnly = JSON_ENDPOINTS.some((p) => p.test(pathname));
    const maxBytes = WEBHOOKS.has(pathname)
      ? 1024 * 1024
      : IMPORTS.has(pathname)
        ? IMPORT_MAX_BYTES + 64 * 1024
        : pathname.startsWith('/_')
          ? 1024 * 1024
          : 64 * 1024;
    return { maxBytes, formOnly, jsonOnly };
  },
  supportWritable: new Set([
    '/api/impersonate/stop',
    '/api/account/sign-out',
    '/settings/account',
    '/portofolio/transaksi',
    '/api/portfolio/transactions',
    '/api/portfolio/transactions/[id]',
    '/api/portfolio/portfolios',
    '/api/portfolio/portfolios/[id]',
    '/api/portfolio/import',
    '/_server-islands/[name]',
  ]),
  admin: (pattern: string) => /^\/(?:admin|impersonate|api\/admin|api\/impersonate\/start)(?:\/|$)/.test(pattern),
  originChecked(pathname: string) {
    const EXEMPT = [
      /^\/api\/webhooks\//,
      /^\/api\/telegram\/webhook$/,
      /^\/api\/auth\//,
      /^\/api\/notifications\/unsubscribe$/,
    ];
    return pathname.startsWith('/api/') && !EXEMPT.some((p) => p.test(pathname));
  },
  publicRoute: (pathname: string) =>
    [
      /^\/analisis$/,
      new RegExp(`^/analisis/${STOCK_CODE_PATTERN}$`),
      new RegExp(`^/api/emiten/${STOCK_CODE_PATTERN}/harga$`),
    ].some((r) => r.test(pathname)),
  anonymousRender: (pathname: string) =>
    OLD.publicRoute(pathname) ||
    [/^\/analisis\/[A-Z0-9]{4}\/[^/]+$/, /^\/analisis\/non-emiten\/[^/]+$/].some((r) => r.test(pathname)),
  ownCaching: (pathname: string) =>
    [/^\/api\/emiten\.json$/, /^\/sitemap-[a-z-]+\.xml$/, /^\/robots\.txt$/].some((r) => r.test(pathname)),
  memberRoute: (pathname: string) =>
    [
      /^\/portofolio\/(?:all|metrics|dividen)$/,
      /^\/api\/portfolio\/(?:holdings|metrics|dividends|realised)$/,
      /^\/analisis$/,
      /^\/analisis\/[A-Z0-9]{4}(?:\/[^/]+)?$/,
      /^\/analisis\/non-emiten\/[^/]+$/,
      /^\/api\/emiten\/[A-Z0-9]{4}\/harga$/,
    ].some((r) => r.test(pathname)),
  jsonRefusal: (pathname: string) => pathname.startsWith('/api/'),
  identity: (pathname: string) => pathname !== '/monitoring',
};

/** What the policy answers for a path, in the old tables' terms. */
function fromPolicy(pathname: string) {
  const rule = routeOf(pathname);
  return {
    body: { maxBytes: BODY_LIMITS[rule.body], formOnly: rule.accepts === 'form', jsonOnly: rule.accepts === 'json' },
    originChecked: rule.originChecked,
    publicRoute: rule.cache === 'public',
    anonymousRender: rule.cache === 'public' || rule.cache === 'anonymous',
    ownCaching: rule.cache === 'own',
    memberRoute: rule.memberPage,
    jsonRefusal: rule.kind === 'api',
    identity: rule.identity,
  };
}

function fromOld(pathname: string): ReturnType<typeof fromPolicy> {
  return {
    body: OLD.body(pathname),
    originChecked: OLD.originChecked(pathname),
    publicRoute: OLD.publicRoute(pathname),
    anonymousRender: OLD.anonymousRender(pathname),
    ownCaching: OLD.ownCaching(pathname),
    memberRoute: OLD.memberRoute(pathname),
    jsonRefusal: OLD.jsonRefusal(pathname),
    identity: OLD.identity(pathname),
  };
}

/**
 * Where the policy answers differently, on purpose: a stock-code parameter matches a stock code
 * (STOCK_CODE_PATTERN) everywhere, where the member cache and the anonymous render cache matched four
 * letters or digits; and a path no route answers gets the defaults of a page or an endpoint.
 */
const INTENDED: Record<string, Partial<ReturnType<typeof fromPolicy>>> = {
  // Preferred shares and warrants are stock codes; a code with a digit is none (the page answers 404).
  ...Object.fromEntries(
    ['MAMIP', 'BBCA-W1', 'BBC1'].flatMap((code) => {
      const valid = code !== 'BBC1';
      const second = ['x', '00000000-0000-4000-8000-000000000000', 'BBCA'];
      return [
        [`/analisis/${code}`, { memberRoute: valid }],
        [`/api/emiten/${code}/harga`, { memberRoute: valid }],
        ...second.map((s) => [`/analisis/${code}/${s}`, { memberRoute: valid, anonymousRender: valid }]),
      ];
    }),
  ),
  // No route answers these (404): an endpoint's defaults, or a page's.
  '/api/webhooks/other': { originChecked: true },
  '/sitemap-other.xml': { ownCaching: false },
  '/_actions/x': { body: { maxBytes: BODY_LIMITS.standard, formOnly: true, jsonOnly: false } },
};

describe('the route policy answers as the tables it replaced', () => {
  it.each(SAMPLE_PATHS)('%s', (pathname) => {
    const expected = { ...fromOld(pathname), ...INTENDED[pathname] };
    expect(fromPolicy(pathname)).toEqual(expected);
  });

  it('lets support write to the same routes, for the same methods', () => {
    for (const pattern of [...pagePatterns, ...NOT_IN_PAGES, '/route-added-tomorrow'])
      for (const method of ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const old = ['GET', 'HEAD', 'OPTIONS'].includes(method) || OLD.supportWritable.has(pattern);
        expect(supportMayWrite(pattern, method), `${method} ${pattern}`).toBe(old);
      }
    expect(new Set(Object.keys(SUPPORT_WRITABLE_ROUTES))).toEqual(OLD.supportWritable);
  });

  it('treats the same routes as the admin console', () => {
    for (const pattern of [...pagePatterns, ...NOT_IN_PAGES])
      expect(isAdminRoute(pattern), pattern).toBe(OLD.admin(pattern));
  });

  it('the consumers answer as the policy', () => {
    for (const pathname of SAMPLE_PATHS) {
      const policy = fromPolicy(pathname);
      const { maxBytes, formOnly, jsonOnly } = bodyRuleFor(pathname);
      expect({ maxBytes, formOnly, jsonOnly }, pathname).toEqual(policy.body);
      expect(isPublicRoute(pathname), pathname).toBe(policy.publicRoute);
      const url = new URL(pathname, 'http://telaah.test');
      expect(apiWriteWithoutOrigin('POST', url, null), pathname).toBe(policy.originChecked);
    }
  });
});
