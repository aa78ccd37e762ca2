/**
 * `npm run screenshots`: full-page screenshots of every member page (and the public pages a member
 * passes through) at 375 px and 1280 px, signed in as the demo Premium member, written to
 * `screenshots/` (git-ignored) for a person to look at. Not part of `npm test`; it asserts only that
 * each page answered, so a broken page shows up as a failure rather than as a picture of an error.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../e2e/routes';
import { DEMO, signIn } from '../e2e/fixtures';

const OUT = 'screenshots';
const WIDTHS = [375, 1280] as const;

/** Beyond the route list: pages reached from it that look different (a lesson, an article, a holding). */
const EXTRA = [
  '/analisis/BBCA/kinerja-kuartal-iii-2026',
  '/courses/dasar-investasi-saham?pelajaran=apa-itu-saham',
  '/portofolio/saham/BBCA',
  '/portofolio/laporan',
  '/reset-password',
];
const PAGES = [
  // Left out: pages that only redirect or answer 404 without a payment or SSO round trip behind them.
  ...ROUTES.filter(
    (r) =>
      r.access !== 'admin' && !['/sso-callback', '/check-user', '/payment-capture'].includes(r.path.split('?')[0]!),
  ).map((r) => r.path),
  ...EXTRA,
].filter((p, i, all) => all.indexOf(p) === i);

const fileName = (path: string, width: number) =>
  `${OUT}/${width}-${path.replace(/^\//, '').replace(/[^A-Za-z0-9-]+/g, '_') || 'beranda'}.png`;

for (const width of WIDTHS) {
  test(`tangkapan layar semua halaman anggota pada ${width} px`, async ({ page }) => {
    test.setTimeout(600_000);
    mkdirSync(OUT, { recursive: true });
    await page.setViewportSize({ width, height: width < 640 ? 812 : 800 });
    await signIn(page, DEMO.premium);
    const missing: string[] = [];
    for (const path of PAGES) {
      const res = await page.goto(path);
      if (!res || res.status() >= 400) {
        missing.push(`${path} → ${res?.status()}`);
        continue;
      }
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: fileName(path, width), fullPage: true });
    }
    // A route another branch adds (the holding page) may not exist yet; every other page must.
    expect(missing.filter((m) => !m.startsWith('/portofolio/saham/'))).toEqual([]);
  });
}
