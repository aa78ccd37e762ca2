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
/** Each page in the light theme and in the dark one (the theme follows the system without a stored choice). */
const THEMES = ['light', 'dark'] as const;

/** What a stranger passes through on the way to a purchase: a locked analysis, the plans, sign-in with its purpose. */
const STRANGER = [
  '/analisis/BBCA/kinerja-kuartal-iii-2026',
  '/analisis',
  '/pick-membership?paket=premium&dari=%2Fanalisis%2FBBCA%2Fkinerja-kuartal-iii-2026',
  '/sign-in?callbackUrl=%2Fpay%3Fplan%3Dpremium-1',
  '/sign-up?callbackUrl=%2Fpay%3Fplan%3Dpremium-1',
];

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
      r.access !== 'admin' &&
      !r.redirectsTo &&
      // A page that answers with another status on purpose (a gift link naming no gift: 404).
      r.status === undefined &&
      !['/sso-callback', '/check-user', '/payment-capture'].includes(r.path.split('?')[0]!),
  ).map((r) => r.path),
  ...EXTRA,
].filter((p, i, all) => all.indexOf(p) === i);

const fileName = (path: string, width: number, theme: string, who = '') =>
  `${OUT}/${width}-${theme}${who}-${path.replace(/^\//, '').replace(/[^A-Za-z0-9-]+/g, '_') || 'beranda'}.png`;

for (const theme of THEMES) {
  test(`tangkapan layar halaman pengunjung pada 375 px (${theme})`, async ({ page }) => {
    test.setTimeout(300_000);
    mkdirSync(OUT, { recursive: true });
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of STRANGER) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBeLessThan(400);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: fileName(path, 375, theme, '-pengunjung'), fullPage: true });
    }
  });
}

for (const [width, theme] of WIDTHS.flatMap((w) => THEMES.map((t) => [w, t] as const))) {
  test(`tangkapan layar semua halaman anggota pada ${width} px (${theme})`, async ({ page }) => {
    test.setTimeout(600_000);
    mkdirSync(OUT, { recursive: true });
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: width < 640 ? 812 : 800 });
    await signIn(page, DEMO.premium);
    if (width < 640) {
      // The phone menu open, with the account links (Akun, Keanggotaan saya, Notifikasi, Telegram).
      await page.goto('/portofolio/all');
      await page.getByText('Menu', { exact: true }).click();
      await expect(
        page.getByRole('group', { name: 'Akun Anda' }).getByRole('link', { name: 'Keanggotaan saya' }),
      ).toBeVisible();
      await page.screenshot({ path: fileName('/menu', width, theme) });
    }
    const missing: string[] = [];
    for (const path of PAGES) {
      const res = await page.goto(path);
      if (!res || res.status() >= 400) {
        missing.push(`${path} → ${res?.status()}`);
        continue;
      }
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: fileName(path, width, theme), fullPage: true });
    }
    // A route another branch adds (the holding page) may not exist yet; every other page must.
    expect(missing.filter((m) => !m.startsWith('/portofolio/saham/'))).toEqual([]);
  });
}

/** States no route shows by itself: a bank transfer waiting for the member, and a trade typed offline. */
test.describe('keadaan yang tidak ditunjukkan rute', () => {
  // The offline draft needs the service worker, which playwright.config.ts blocks for every other story.
  test.use({ serviceWorkers: 'allow' });
  for (const theme of THEMES) {
    test(`tangkapan layar transfer yang menunggu dan keadaan luring pada 375 px (${theme})`, async ({
      page,
      context,
    }) => {
      test.setTimeout(300_000);
      mkdirSync(OUT, { recursive: true });
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 375, height: 812 });
      await signIn(page, DEMO.gratis);
      await page.goto('/pay?plan=reguler-1');
      await page.getByRole('radio', { name: /QRIS, e-wallet, atau virtual account/ }).check();
      await page.getByRole('button', { name: /^Bayar Rp/ }).click();
      await page.getByRole('button', { name: 'Bayar nanti (virtual account)' }).click();
      await expect(page.getByTestId('nomor-va')).toBeVisible();
      await page.screenshot({ path: fileName('/payment-capture-menunggu-transfer', 375, theme), fullPage: true });
      await page.goto('/settings/membership');
      await page.screenshot({ path: fileName('/settings/membership-menunggu-transfer', 375, theme), fullPage: true });
      await page.goto('/pay?plan=reguler-1');
      await page.screenshot({ path: fileName('/pay-menunggu-transfer', 375, theme), fullPage: true });

      await page.goto('/portofolio/transaksi');
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const form = page.locator('form.tx-form');
      await form.getByLabel('Kode saham', { exact: true }).fill('ASII');
      await form.getByLabel('Jumlah', { exact: true }).fill('7');
      await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill('5.300');
      await context.setOffline(true);
      try {
        await form.getByRole('button', { name: 'Simpan transaksi' }).click();
        await expect(form.getByRole('alert')).toBeVisible();
        await page.screenshot({ path: fileName('/portofolio/transaksi-luring', 375, theme) });
        await page.evaluate(() => document.querySelector<HTMLFormElement>('form.tx-form')!.submit());
        await expect(page.getByRole('heading', { name: 'Anda sedang luring' })).toBeVisible();
        await page.screenshot({ path: fileName('/offline', 375, theme), fullPage: true });
      } finally {
        await context.setOffline(false);
      }
      await page.goto('/portofolio/transaksi');
      await expect(form.getByRole('status')).toBeVisible();
      await page.screenshot({ path: fileName('/portofolio/transaksi-dipulihkan', 375, theme) });
      await form.getByRole('button', { name: 'Buang isian ini' }).click();
    });
  }
});
