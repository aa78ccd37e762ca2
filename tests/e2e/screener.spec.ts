import { axe } from './axe';
import { expect, test } from './fixtures';

test('pengunjung membandingkan dua saham berdampingan', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/analisis/banding?kode=BBCA,BBRI');
  await expect(page.getByRole('heading', { name: /^BBCA/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^BBRI/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Kinerja harga 1T, awal = 100: BBCA .*, BBRI / })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const res = await page.goto('/analisis/banding?kode=BBCA');
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('Pilih 2 sampai 4 kode saham');
});

test('saringan di alamat halaman memberi hasil yang sama dengan dan tanpa JavaScript', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Built with the GET form itself: sector, a PER ceiling and a sort, as a visitor picks them.
  await page.goto('/analisis/saring');
  await page.getByLabel('Sektor', { exact: true }).selectOption('Keuangan');
  await page.getByLabel('PER (x) maksimal').fill('30');
  await page.getByLabel('Urutkan').first().selectOption({ label: 'Kapitalisasi pasar (Rp miliar)' });
  await page.getByLabel('Arah urutan').selectOption('turun');
  await page.getByRole('button', { name: 'Saring' }).click();
  await expect(page).toHaveURL(/sektor=Keuangan/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    sektor: 'Keuangan',
    per_max: '30',
    urut: 'kap',
    arah: 'turun',
  });
  const codes = (p: typeof page) =>
    p.getByRole('table', { name: 'Hasil saringan' }).locator('tbody th[scope="row"]').allInnerTexts();
  const withJs = await codes(page);
  const status = await page.getByRole('status').innerText();
  expect(withJs.length).toBeGreaterThan(1);

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const plain = await context.newPage();
  await plain.goto(url.toString());
  expect(await codes(plain)).toEqual(withJs);
  await expect(plain.getByRole('status')).toHaveText(status);
  await expect(plain.getByLabel('Sektor', { exact: true })).toHaveValue('Keuangan');
  await expect(plain.getByLabel('PER (x) maksimal')).toHaveValue('30');
  // Without JavaScript the form still works: another sort, submitted as a plain GET.
  await plain.getByLabel('Arah urutan').selectOption('naik');
  await plain.getByRole('button', { name: 'Saring' }).click();
  await expect(plain).toHaveURL(/arah=naik/);
  expect(await codes(plain)).toEqual([...withJs].reverse());
  await context.close();
});

test('tanpa JavaScript, saringan indeks IDX30 memberi anggotanya, dan halaman emiten menyebut keanggotaannya', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
  const page = await context.newPage();
  await page.goto('/analisis/saring');
  await page.getByLabel('Indeks', { exact: true }).selectOption('IDX30');
  await page.getByRole('button', { name: 'Saring' }).click();
  await expect(page).toHaveURL(/indeks=IDX30/);
  await expect(page.getByLabel('Indeks', { exact: true })).toHaveValue('IDX30');
  // The demo's IDX30 is its 12 largest companies (src/server/demo/constituents.ts).
  const cards = page.getByRole('table', { name: 'Hasil saringan' }).locator('tbody tr');
  await expect(cards).toHaveCount(12);
  // On a phone each row is a card: nothing scrolls sideways, every figure sits under its column's heading.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const price = cards.first().locator('td').first();
  expect(await price.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Harga"');
  expect(await cards.first().evaluate((tr) => getComputedStyle(tr).display)).toBe('grid');
  await expect(page.getByRole('status')).toContainText('12 dari');
  await page.goto('/analisis/BBCA');
  const line = page.getByTestId('index-membership');
  await expect(line).toContainText('Anggota indeks');
  await expect(line).toContainText('LQ45, IDX30');
  await expect(line).not.toContainText('JII');
  await context.close();
});

test('hasil saringan lolos axe sebagai kartu di ponsel dan sebagai tabel di layar lebar, terang dan gelap', async ({
  page,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/analisis/saring?indeks=IDX30');
      const results = await axe(page).analyze();
      expect(results.violations.map((v) => `${colorScheme} ${width} px ${v.id}`)).toEqual([]);
    }
  }
});
