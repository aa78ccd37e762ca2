/**
 * Member pages on a 375 × 812 phone: what matters is on screen without scrolling sideways.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signIn, signInByPost, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/** Fails unless the element is visible and lies wholly inside the viewport's width. */
async function expectWithinWidth(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${what} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends off screen`).toBeLessThanOrEqual(width);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('di ponsel anggota melihat nilai, L/R, bobot, dan perubahan hari ini tiap saham tanpa menggeser', async ({
  page,
}) => {
  await signInByPost(page, DEMO.premium);
  await page.goto('/portofolio/all');
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(page, page.getByRole('link', { name: 'Kinerja' }), 'the Kinerja tab');
  const card = page.getByRole('list', { name: 'Kepemilikan saham' }).getByRole('listitem').first();
  await expectWithinWidth(page, card.getByRole('link'), 'the ticker');
  // The day's change is "Hari ini" for a close of today, else named by its trading day (src/lib/day-change.ts).
  const DAY = 'Hari ini|Perubahan \\d{2} \\S+ \\d{4}';
  for (const label of ['Nilai pasar', 'L/R', 'Bobot', DAY]) {
    const figure = card.locator('dt', { hasText: new RegExp(`^(${label})$`) }).locator('xpath=following-sibling::dd');
    await expectWithinWidth(page, figure, label);
    await expect(figure).toHaveText(label === 'Bobot' ? /\d+,\d %/ : /Rp\s?[\d.]+|—/);
  }
  await expect(card.locator('dd').nth(1)).toHaveText(/Rp\s?[\d.]+.*%/);
  await expect(card.getByRole('link')).toHaveAttribute('href', /^\/portofolio\/saham\/[A-Z]{4}$/);
  const today = page
    .locator('.stat')
    .filter({ has: page.locator('.stat-label', { hasText: new RegExp(`^(${DAY})$`) }) });
  await expectWithinWidth(page, today, 'the change today');
  await expect(today.locator('.stat-value')).toHaveText(/^[+−-]?Rp\s?[\d.]+$/);
});

test('di ponsel pengunjung melihat rating, target, dan potensi setiap analisis tanpa menggeser', async ({ page }) => {
  await page.goto('/analisis');
  await expectNoSidewaysScroll(page);
  const cards = page.getByRole('list', { name: 'Daftar analisis' }).getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(3);
  for (const i of [0, 1]) {
    const card = cards.nth(i);
    for (const label of ['Rating', 'Target', 'Potensi']) {
      const figure = card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
      await expectWithinWidth(page, figure, `${label} of card ${i + 1}`);
    }
    // A paid call's target and upside read "Terkunci" for a visitor (docs/product.md §10.6).
    await expect(card.locator('dd').nth(1)).toHaveText(/^Rp\s?[\d.]+$|^—$|^Terkunci$/);
    await expect(card.locator('dd').nth(2)).toHaveText(/^[+−]?[\d.]+,\d %$|^—$|^Terkunci$/);
  }
  await expect(page.getByRole('table')).toBeHidden();
});

test('di ponsel keenam pilihan periode (1B … Semua) muat dalam satu baris', async ({ page }) => {
  await signInByPost(page, DEMO.premium);
  for (const path of ['/portofolio/metrics', '/portofolio/dividen']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
    // The metrics page's choices are a group (an island), the dividends page's a navigation of links.
    const links = page.getByRole('group', { name: 'Periode' }).or(page.getByRole('navigation', { name: 'Periode' }));
    const choices = links.getByRole('link');
    await expect(choices).toHaveCount(6);
    const tops = await choices.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${path}: the period choices wrap onto ${new Set(tops).size} lines`).toBe(1);
    await expectWithinWidth(page, choices.last(), `${path}: "Semua"`);
  }
});

test.describe('bahasa di area anggota', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('halaman anggota tidak memakai label Inggris dan tidak menulis nol bertanda', async ({ page }) => {
    await signIn(page, DEMO.reguler);
    for (const path of ['/portofolio/all', '/portofolio/metrics', '/portofolio/dividen', '/portofolio/transaksi']) {
      await page.goto(path);
      // What a member reads: labels are shown in capitals, so compare what is rendered.
      const labels = (await page.locator('.stat-label').allInnerTexts()).join('\n');
      expect(labels, path).not.toMatch(/TIME-WEIGHTED|MONEY-WEIGHTED|MAX DRAWDOWN|YIELD ON COST|RETURN\b/);
      const text = await page.locator('main').innerText();
      expect(text, path).not.toMatch(/[−-]0,0+ %/);
    }
    // Every period of the metrics, since each prints its own figures.
    await page.goto('/portofolio/metrics');
    for (const p of ['YTD', '1T', '3T', 'Semua']) {
      const link = page.getByRole('group', { name: 'Periode' }).getByRole('link', { name: p });
      await link.click();
      await expect(link).toHaveAttribute('aria-current', 'true');
      expect(await page.locator('main').innerText(), p).not.toMatch(/[−-]0,0+ %/);
    }
  });
});

test('di ponsel "Ubah" dan "Hapus" menampilkan judul formulir di bawah header', async ({ page }) => {
  await signInByPost(page, DEMO.premium);
  await page.goto('/portofolio/transaksi');
  const header = (await page.locator('.site-header').boundingBox())!;
  await page
    .getByRole('link', { name: /^Ubah / })
    .first()
    .click();
  const editing = page.getByRole('heading', {
    name: /^Ubah transaksi: (Beli|Jual|Dividen) [A-Z]{4} \d\d \w{3} \d{4}$/,
  });
  await expect(editing).toBeInViewport();
  await expect(editing).toBeFocused();
  expect((await editing.boundingBox())!.y).toBeGreaterThanOrEqual(header.height);
  await page
    .getByRole('link', { name: /^Hapus / })
    .first()
    .click();
  const confirm = page.getByRole('heading', { name: 'Hapus transaksi ini?' });
  await expect(confirm).toBeInViewport();
  await expect(confirm).toBeFocused();
  expect((await confirm.boundingBox())!.y).toBeGreaterThanOrEqual(header.height);
  // "Catat transaksi" (on the empty holdings, metrics and report pages) opens the form with its heading focused.
  await page.goto('/portofolio/transaksi#form-transaksi');
  const adding = page.getByRole('heading', { name: 'Catat transaksi baru' });
  await expect(adding).toBeInViewport();
  await expect(adding).toBeFocused();
});

test('di ponsel setiap pertanyaan kuesioner risiko ada di dalam kartunya, bukan di garis tepinya', async ({ page }) => {
  await signInByPost(page, DEMO.premium);
  await page.goto('/starting-guide/rekomendasi-saya');
  const cards = page.locator('form.questionnaire fieldset');
  expect(await cards.count()).toBeGreaterThan(3);
  for (const i of [0, 1]) {
    const card = (await cards.nth(i).boundingBox())!;
    const legend = (await cards.nth(i).locator('legend').boundingBox())!;
    expect(legend.y, `question ${i + 1} starts inside its card`).toBeGreaterThan(card.y + 4);
  }
});
