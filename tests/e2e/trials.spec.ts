/**
 * Free trials (issue #26, decision 0037): the admin sets 7 days of Reguler and 3 of Premium; a verified
 * member starts the Reguler trial from /pay with one click and sees "Uji coba sampai …"; a second trial of
 * that tier, a cross-site post and a trial started by an impersonating admin are refused. The lengths are
 * set back to 0 at the end, so other stories' /pay pages stay as they were.
 */
import type { Page } from '@playwright/test';
import { expect, freshMember, signInAdmin, test } from './fixtures';

async function setLengths(admin: Page, reguler: string, premium: string): Promise<void> {
  await admin.goto('/admin/uji-coba');
  await admin.getByLabel(/^Uji coba Reguler/).fill(reguler);
  await admin.getByLabel(/^Uji coba Premium/).fill(premium);
  await admin.getByRole('button', { name: 'Simpan' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Uji coba disimpan' })).toBeVisible();
}

test('uji coba gratis: diatur admin, dimulai anggota sekali per paket, ditolak kedua kalinya dan saat impersonasi', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAdmin(admin);
  try {
    await setLengths(admin, '7', '3');
    await expect(admin.getByRole('status').filter({ hasText: 'Uji coba disimpan' })).toHaveText(
      'Uji coba disimpan: Reguler 7 hari, Premium 3 hari.',
    );

    // The member starts the Reguler trial with one click: no payment, the tier for 7 days.
    await freshMember(page, { name: 'Tari Coba' });
    await page.goto('/pay?plan=reguler-1');
    await page.getByRole('button', { name: 'Coba gratis 7 hari' }).click();
    await expect(page).toHaveURL(/\/settings\/membership$/);
    await expect(page.getByRole('status').filter({ hasText: 'Uji coba Reguler dimulai' })).toBeVisible();
    await expect(page.getByTestId('uji-coba')).toContainText(
      /Uji coba sampai \d{1,2} \S+ \d{4} pukul \d{2}\.\d{2} WIB/,
    );
    await expect(page.getByText('Belum ada pembayaran.')).toBeVisible();
    await expect(page.getByText(/Reguler: .* \(uji coba gratis\)/)).toBeVisible();

    // Once per tier: no offer any more, and a forged second post is refused with its reason.
    await page.goto('/pay?plan=reguler-1');
    await expect(page.getByRole('button', { name: /^Coba gratis/ })).toHaveCount(0);
    const again = await page.request.post('/pay', {
      form: { intent: 'trial', plan: 'reguler-1' },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain('Anda sudah pernah memakai uji coba gratis Reguler');
    // A post from another site never reaches the page.
    const crossSite = await page.request.post('/pay', {
      form: { intent: 'trial', plan: 'premium-1' },
      headers: { origin: 'https://contoh-jahat.example' },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    // The Premium trial is still open to them.
    await page.goto('/pay?plan=premium-1');
    await expect(page.getByRole('button', { name: 'Coba gratis 3 hari' })).toBeVisible();

    // An admin acting as another member cannot start that member's trial.
    const ctx = await browser.newContext({ baseURL });
    const other = await ctx.newPage();
    const member = await freshMember(other, { name: 'Wulan Belum Coba' });
    await admin.goto(`/impersonate?q=${encodeURIComponent(member.email)}`);
    await admin.getByRole('button', { name: 'Masuk sebagai Wulan Belum Coba' }).click();
    await expect(admin.getByRole('button', { name: 'Akhiri impersonasi', exact: true })).toBeVisible();
    const impersonated = await admin.request.post('/pay', {
      form: { intent: 'trial', plan: 'reguler-1' },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(impersonated.status()).toBe(403);
    expect(await impersonated.text()).toContain('impersonasi');
    await admin.getByRole('button', { name: 'Akhiri impersonasi', exact: true }).click();
    await expect(admin).toHaveURL(/\/impersonate/);
    await other.goto('/pay?plan=reguler-1');
    await expect(other.getByRole('button', { name: 'Coba gratis 7 hari' })).toBeVisible();
    await ctx.close();
  } finally {
    await setLengths(admin, '0', '0');
    await admin.context().close();
  }
});
