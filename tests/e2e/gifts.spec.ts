/**
 * Gift passes (issue #26, decision 0041), on a 375 px phone: a member buys Premium 1 bulan as a gift
 * through the Stripe stand-in (their own tier stays Gratis); the recipient's link arrives in the outbox;
 * opened signed out it says what the gift is and keeps itself as the sign-in callback; a fresh member
 * redeems it and sees Premium; a second redemption is refused; the buyer sees it as redeemed.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, freshMember, latestMailTo, outbox, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/** Fails when the page scrolls sideways on the phone. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('hadiah: dibeli lewat Stripe, ditukar sekali oleh anggota baru, ditolak untuk kedua kalinya', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const phone = { baseURL, viewport: { width: 375, height: 812 } };
  const recipient = `penerima-${randomBytes(4).toString('hex')}@contoh.test`;

  // The buyer picks Premium 1 bulan, then "Beli sebagai hadiah", and pays by card.
  const buyer = await freshMember(page, { name: 'Budi Pemberi' });
  await page.goto('/pay?plan=premium-1');
  await page.getByTestId('beli-hadiah').click();
  await expect(page.getByRole('heading', { name: 'Beli sebagai hadiah', level: 1 })).toBeVisible();
  // A bad address is refused on the page, naming the field, with nothing charged.
  await page.getByLabel('Email penerima').fill(buyer.email);
  await page.getByRole('radio', { name: /Kartu kredit/ }).check();
  await page.getByRole('button', { name: 'Bayar hadiah Rp 299.000' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Email penerima: ini alamat Anda sendiri. Untuk diri sendiri, beli paket biasa.',
  );
  await page.getByLabel('Email penerima').fill(recipient);
  await page.getByLabel('Pesan untuk penerima (opsional)').fill('Selamat belajar investasi!');
  await fitsThePhone(page);
  await page.getByRole('radio', { name: /Kartu kredit/ }).check();
  await page.getByRole('button', { name: 'Bayar hadiah Rp 299.000' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'tautannya kami kirim' })).toContainText(recipient);
  await expect(page.getByTestId('hadiah-untuk')).toHaveText(recipient);
  await expect
    .poll(() => outbox().find((m) => m.to === buyer.email && m.subject.startsWith('Kuitansi'))?.text ?? '')
    .toContain(`Paket: Hadiah keanggotaan Premium 1 bulan untuk ${recipient}`);
  // The gift grants the buyer nothing.
  await page.goto('/settings/membership');
  await expect(page.locator('.tier-line .badge')).toHaveText('Gratis');
  await expect(page.getByTestId('hadiah-item')).toContainText(`Premium 1 bulan untuk ${recipient} — belum ditukar`);

  // The recipient's link, opened signed out: what the gift is, and sign-in that comes back here.
  const mail = await latestMailTo(recipient);
  expect(mail.subject).toBe('Budi Pemberi memberi Anda hadiah: Telaah Premium 1 bulan');
  const link = /https?:\/\/\S+(\/hadiah\?t=[\w-]+)/.exec(mail.text)![1]!;
  const takerCtx = await browser.newContext(phone);
  const taker = await takerCtx.newPage();
  await taker.goto(link);
  await expect(taker.getByTestId('hadiah')).toHaveText('Budi Pemberi memberi Anda keanggotaan Telaah Premium 1 bulan.');
  await expect(taker.getByTestId('pesan-hadiah')).toHaveText('Selamat belajar investasi!');
  await fitsThePhone(taker);
  await taker.getByRole('link', { name: 'Masuk untuk menerima' }).click();
  await expect(taker).toHaveURL(/\/sign-in\?callbackUrl=%2Fhadiah%3Ft%3D/);
  await expect(taker.getByText('menerima hadiah keanggotaan yang dikirim kepada Anda')).toBeVisible();
  // A fresh member of the pool (handed over in a context of its own) signs in on the link's page.
  const poolCtx = await browser.newContext(phone);
  const member = await freshMember(await poolCtx.newPage(), { name: 'Rina Penerima' });
  await poolCtx.close();
  await taker.getByLabel('Email', { exact: true }).fill(member.email);
  await taker.getByLabel('Kata sandi', { exact: true }).fill(member.password);
  await taker.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(taker).toHaveURL((url) => url.pathname + url.search === link);
  await expect(taker.getByTestId('masa-aktif')).toContainText(`Untuk akun ${member.email}: Premium aktif sekarang`);
  await taker.getByRole('button', { name: 'Terima hadiah' }).click();
  await expect(taker).toHaveURL(/\/settings\/membership$/);
  await expect(taker.getByRole('status').filter({ hasText: 'Hadiah diterima' })).toContainText(
    /Hadiah diterima: Premium 1 bulan, aktif sampai \d{1,2} \S+ \d{4}\./,
  );
  await expect(taker.locator('.tier-line .badge')).toHaveText('Premium');
  await fitsThePhone(taker);

  // The second time: the page says so, offers no button, and a forged post is refused without a write.
  await taker.goto(link);
  await expect(taker.getByRole('status').filter({ hasText: 'Anda sudah menerima hadiah ini' })).toBeVisible();
  const otherCtx = await browser.newContext(phone);
  const other = await otherCtx.newPage();
  await freshMember(other, { name: 'Sari Kedua' });
  await other.goto(link);
  await expect(other.getByRole('status').filter({ hasText: 'Hadiah ini sudah ditukar pada' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Terima hadiah' })).toHaveCount(0);
  const again = await other.request.post(link, { form: { intent: 'redeem' }, headers: { origin }, maxRedirects: 0 });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('setiap hadiah hanya bisa ditukar sekali');
  await other.goto('/settings/membership');
  await expect(other.locator('.tier-line .badge')).toHaveText('Gratis');

  // The buyer sees it redeemed.
  await page.reload();
  await expect(page.getByTestId('status-hadiah')).toContainText('sudah ditukar pada');
  await otherCtx.close();
  await takerCtx.close();
});
