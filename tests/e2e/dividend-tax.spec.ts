import type { Page } from '@playwright/test';
import { expect, freshMember, test } from './fixtures';

test('pengunjung tanpa akun diarahkan ke halaman masuk dari halaman pajak dividen', async ({ request }) => {
  const res = await request.get('/portofolio/dividen/pajak', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()['location']).toBe(`/sign-in?callbackUrl=${encodeURIComponent('/portofolio/dividen/pajak')}`);
});

async function buy(page: Page, date: string, lots: string, price: string, saved: string): Promise<void> {
  await page.goto('/portofolio/transaksi');
  const form = page.locator('form.tx-form');
  await form.getByLabel('Beli', { exact: true }).check();
  await form.getByLabel('Tanggal', { exact: true }).fill(date);
  await form.getByLabel('Kode saham', { exact: true }).fill('BBCA');
  await form.getByLabel('Jumlah', { exact: true }).fill(lots);
  await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill(price);
  await form.getByRole('button', { name: 'Simpan transaksi' }).click();
  await expect(page.getByRole('status').first()).toContainText(saved);
}

// A member of their own (the demo members hold dividends other stories may decide), holding BBCA over the
// demo market's final 2026 dividend: Rp 237 a share, recording date 23 April 2026, paid 19 May 2026, so
// received gross (docs/product.md §5.5): 1 000 shares → Rp 237.000, 10 % = Rp 23.700 due by 15 June 2026
// unless reinvested by 31 March 2027 and held until 31 December 2028.
test('anggota memutuskan pajak dividen bruto: disetor sendiri di halaman pajak, lalu diinvestasikan kembali di halaman saham', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await freshMember(page);
  await buy(page, '2026-04-01', '10', '7650', 'Beli BBCA 1.000 lembar pada 1 April 2026');

  await page.goto('/portofolio/dividen/pajak');
  await expect(page.getByRole('heading', { name: 'Pajak dividen', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Pajak dividen yang diterima bruto' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toContainText('BBCA · dibayar 19 Mei 2026');
  await expect(card).toContainText('Bruto Rp 237.000');
  await expect(card.locator('.badge')).toHaveText('Belum ditentukan');
  await expect(card.locator('.tax-facts')).toContainText('PPh terutangRp 23.700, setor paling lambat 15 Juni 2026');
  await expect(card.locator('.tax-facts')).toContainText('Batas investasi31 Maret 2027');
  await expect(page.locator('.stat').filter({ hasText: 'PPh 10 % terutang' })).toContainText('Rp 23.700');
  await expect(page.locator('.stat').filter({ hasText: 'Belum ditentukan' })).toContainText('1 dividen');

  // Paid by the member on 12 June 2026: nothing left due.
  await card.getByLabel('PPh 10 % disetor sendiri').check();
  await card.getByLabel('Tanggal setor (jika disetor sendiri)').fill('2026-06-12');
  await card.getByRole('button', { name: 'Simpan status BBCA' }).click();
  await expect(page).toHaveURL(/\/portofolio\/dividen\/pajak/);
  const paid = page.getByRole('list', { name: 'Pajak dividen yang diterima bruto' }).getByRole('listitem').first();
  await expect(paid.locator('.badge')).toHaveText('PPh 10 % disetor sendiri');
  await expect(paid.locator('.tax-facts')).toContainText('PPh disetorRp 23.700 pada 12 Juni 2026');
  await expect(page.locator('.stat').filter({ hasText: 'PPh 10 % terutang' })).toContainText('Rp 0');
  await expect(page.locator('.stat').filter({ hasText: 'Belum ditentukan' })).toContainText('0 dividen');

  // A change of mind on the holding page: a buy of 2 June 2026 (100 × 7 450 + fee, more than the dividend)
  // covers all of it, so nothing is due and the holding term is shown.
  await buy(page, '2026-06-02', '1', '7450', 'Beli BBCA 100 lembar pada 2 Juni 2026');
  await page.goto('/portofolio/saham/BBCA');
  const section = page.getByRole('list', { name: 'Pajak dividen yang diterima bruto' });
  await section.getByLabel('Diinvestasikan kembali').check();
  await section.getByRole('button', { name: 'Simpan status BBCA' }).click();
  await expect(page).toHaveURL(/\/portofolio\/saham\/BBCA/);
  const reinvested = page
    .getByRole('list', { name: 'Pajak dividen yang diterima bruto' })
    .getByRole('listitem')
    .first();
  await expect(reinvested.locator('.badge')).toHaveText('Diinvestasikan kembali');
  const facts = reinvested.locator('.tax-facts');
  await expect(facts).toContainText('Batas investasi31 Maret 2027');
  await expect(facts).toContainText('Ditahan sampai31 Desember 2028');
  await expect(facts).toContainText('Sudah diinvestasikanRp 237.000');
  await expect(facts).not.toContainText('PPh terutang');
  await expect(reinvested.locator('.tax-coverage')).toContainText('Beli BBCA 2 Juni 2026: 32 lembar, Rp 237.000');

  await page.goto('/portofolio/dividen/pajak');
  await expect(page.locator('.stat').filter({ hasText: 'PPh 10 % terutang' })).toContainText('Rp 0');
  await expect(page.getByRole('list', { name: 'Pajak dividen yang diterima bruto' }).locator('.badge')).toHaveText([
    'Diinvestasikan kembali',
  ]);
});
