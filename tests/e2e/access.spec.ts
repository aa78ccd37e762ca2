import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { claimAdmin, DEMO, DEMO_PASSWORD, expect, postSecondFactor, test } from './fixtures';

type Who = 'anonim' | 'gratis' | 'reguler' | 'premium' | 'admin';
/** page = 2xx page, sign-in = redirect to sign-in, upgrade = page with an upgrade call, 404, redirect = elsewhere. */
type Result = 'page' | 'sign-in' | 'upgrade' | '404' | 'redirect';

const PUBLIC: Record<Who, Result> = { anonim: 'page', gratis: 'page', reguler: 'page', premium: 'page', admin: 'page' };
const MEMBER: Record<Who, Result> = {
  anonim: 'sign-in',
  gratis: 'page',
  reguler: 'page',
  premium: 'page',
  admin: 'page',
};
const REGULER: Record<Who, Result> = {
  anonim: 'upgrade',
  gratis: 'upgrade',
  reguler: 'page',
  premium: 'page',
  admin: 'page',
};
const PREMIUM: Record<Who, Result> = {
  anonim: 'upgrade',
  gratis: 'upgrade',
  reguler: 'upgrade',
  premium: 'page',
  admin: 'page',
};
const ADMIN: Record<Who, Result> = { anonim: '404', gratis: '404', reguler: '404', premium: '404', admin: 'page' };

/** Every docs/product.md §3 route, with what each kind of viewer gets. */
const MATRIX: [string, Record<Who, Result>][] = [
  ['/', PUBLIC],
  ['/analisis', PUBLIC],
  ['/analisis/BBCA', PUBLIC],
  [
    '/analisis/ASII/kinerja-kuartal-iii-2026',
    { anonim: 'upgrade', gratis: 'page', reguler: 'page', premium: 'page', admin: 'page' },
  ],
  [
    '/analisis/BBCA/kinerja-tahun-buku-2025',
    { anonim: 'upgrade', gratis: 'upgrade', reguler: 'page', premium: 'page', admin: 'page' },
  ],
  ['/analisis/BBCA/kinerja-kuartal-iii-2026', PREMIUM],
  ['/analisis/non-emiten/suku-bunga-bi-dan-saham-perbankan', PREMIUM],
  ['/courses', PUBLIC],
  ['/courses/dasar-investasi-saham', PUBLIC],
  ['/portofolio/all', MEMBER],
  ['/portofolio/dividen', MEMBER],
  ['/portofolio/metrics', MEMBER],
  ['/portofolio/transaksi', MEMBER],
  ['/telegram', MEMBER],
  ['/telegram/verify', MEMBER],
  ['/settings/account', MEMBER],
  ['/settings/membership', MEMBER],
  ['/settings/notification', MEMBER],
  ['/starting-guide/faq', PUBLIC],
  ['/starting-guide/investment-philosophy', PUBLIC],
  ['/starting-guide/navigating-the-app', PUBLIC],
  ['/starting-guide/rekomendasi-saya', REGULER],
  ['/pick-membership', PUBLIC],
  ['/pay?plan=reguler-1', MEMBER],
  ['/payment-capture/cancel', MEMBER],
  ['/payment-capture/error', MEMBER],
  ['/sign-up', PUBLIC],
  ['/sign-in', { anonim: 'page', gratis: 'redirect', reguler: 'redirect', premium: 'redirect', admin: 'redirect' }],
  ['/sso-callback?error=OAuthCallback', PUBLIC],
  [
    '/check-user',
    { anonim: 'sign-in', gratis: 'redirect', reguler: 'redirect', premium: 'redirect', admin: 'redirect' },
  ],
  ['/impersonate', ADMIN],
  ['/admin', ADMIN],
  ['/admin/anggota', ADMIN],
  ['/admin/anggota?q=telaah&tier=premium', ADMIN],
  ['/admin/ringkasan.csv', ADMIN],
  ['/settings/two-factor', MEMBER],
];

async function contextFor(who: Who, baseURL: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  if (who === 'anonim') return ctx;
  // The admin is one of the pool's, the story's alone (claimAdmin()); the members are the demo accounts.
  const admin = who === 'admin' ? claimAdmin() : null;
  const res = await ctx.post('/sign-in', {
    form: admin ? { email: admin.email, password: admin.password } : { email: DEMO[who], password: DEMO_PASSWORD },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${who}`).toBe(303);
  if (admin) {
    const { cookies } = await ctx.storageState();
    await postSecondFactor(baseURL, cookies.map((c) => `${c.name}=${c.value}`).join('; '), admin.totpSecret);
  }
  return ctx;
}

async function classify(ctx: APIRequestContext, path: string): Promise<Result> {
  const res = await ctx.get(path, { maxRedirects: 0 });
  const status = res.status();
  if (status === 404) return '404';
  if (status >= 300 && status < 400)
    return (res.headers()['location'] ?? '').startsWith('/sign-in?') ? 'sign-in' : 'redirect';
  expect(status, `${path} answered ${status}`).toBe(200);
  return (await res.text()).includes('data-upgrade') ? 'upgrade' : 'page';
}

for (const who of ['anonim', 'gratis', 'reguler', 'premium', 'admin'] as const) {
  test(`hak akses setiap rute untuk ${who}`, async ({ baseURL }) => {
    const ctx = await contextFor(who, baseURL!);
    const got: Record<string, Result> = {};
    const want: Record<string, Result> = {};
    for (const [path, expected] of MATRIX) {
      got[path] = await classify(ctx, path);
      want[path] = expected[who];
    }
    expect(got).toEqual(want);
    await ctx.dispose();
  });
}
