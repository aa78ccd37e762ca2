/**
 * Promo codes (issue #26): an admin makes a code; one member pays with it through Stripe, another through
 * Midtrans, each charged the discounted amount, shown on the receipt; the code is refused a second time.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, freshMember, latestMailTo, signInAdmin, test } from './fixtures';

async function applyCode(page: Page, plan: string, code: string): Promise<void> {
  await page.goto(`/pay?plan=${plan}`);
  await page.getByLabel('Kode promo (opsional)').fill(code);
  await page.getByRole('button', { name: 'Terapkan kode' }).click();
}

test('kode promo: potongan tepat di Stripe dan Midtrans, tertulis di kuitansi, ditolak untuk pemakaian kedua', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const code = `HEMAT${randomBytes(3).toString('hex').toUpperCase()}`;
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAdmin(admin);
  await admin.goto('/admin/promo');
  await admin.getByLabel('Kode', { exact: true }).fill(code);
  await admin.getByLabel('Besar potongan').fill('20');
  await admin.getByLabel('Berlaku dari').fill('2026-11-01');
  await admin.getByLabel('Berlaku sampai').fill('2026-11-30');
  await admin.getByRole('button', { name: 'Buat kode' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'dibuat' })).toHaveText(`Kode ${code} dibuat.`);

  // Stripe: Reguler 1 bulan, Rp 149.000 less 20 % = Rp 119.200.
  const first = await freshMember(page, { name: 'Budi Promo' });
  await applyCode(page, 'reguler-1', code.toLowerCase());
  await expect(page.getByTestId('potongan')).toHaveText('−Rp 29.800');
  await expect(page.getByTestId('total')).toHaveText('Rp 119.200');
  // QRIS (Midtrans) is preselected where both are offered: this half pays by card.
  await page.getByRole('radio', { name: /Kartu kredit/ }).check();
  await page.getByRole('button', { name: 'Bayar Rp 119.200' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.locator('body')).toContainText('Total: Rp 119.200');
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  const mail = await latestMailTo(first.email);
  expect(mail.text).toContain(`Harga paket: Rp 149.000, potongan kode ${code}: Rp 29.800`);
  expect(mail.text).toContain('Jumlah: Rp 119.200');
  await page.goto(/https?:\/\/\S+kuitansi=[\w-]+/.exec(mail.text)![0].replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByTestId('potongan')).toHaveText('−Rp 29.800');
  await expect(page.getByTestId('jumlah')).toHaveText('Rp 119.200');

  // A second use by the same member is refused, before and at checkout.
  await applyCode(page, 'premium-1', code);
  await expect(page.getByRole('alert')).toHaveText('Kode promo: sudah Anda gunakan.');
  await page.getByRole('button', { name: /^Bayar Rp/ }).click();
  await expect(page).toHaveURL(/\/pay/);
  await expect(page.getByRole('alert')).toHaveText('Kode promo: sudah Anda gunakan.');

  // Midtrans: Premium 1 bulan, Rp 299.000 less 20 % = Rp 239.200.
  const ctx = await browser.newContext({ baseURL });
  const other = await ctx.newPage();
  const second = await freshMember(other, { name: 'Sinta Promo' });
  await applyCode(other, 'premium-1', code);
  await other.getByRole('radio', { name: /QRIS, e-wallet, atau virtual account/ }).check();
  await other.getByRole('button', { name: 'Bayar Rp 239.200' }).click();
  await expect(other.locator('body')).toContainText('Total: Rp 239.200');
  await other.getByRole('button', { name: 'Bayar (QRIS)' }).click();
  await expect(other.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  expect((await latestMailTo(second.email)).text).toContain(`potongan kode ${code}: Rp 59.800`);

  await admin.reload();
  await expect(
    admin.getByRole('list', { name: 'Kode promo' }).getByRole('listitem').filter({ hasText: code }),
  ).toContainText('dipakai 2');
  await ctx.close();
  await admin.context().close();
});
