/**
 * The admin console (issue #26): two factors for admins and members, the overview and its CSV, and a
 * complimentary pass granted from a member's page. The console's access matrix (404 for everyone but an
 * admin with two factors, on every admin route) is admin-access-matrix.spec.ts.
 */
import { enterSecondFactor, expect, freshMember, signInAdminByPost, signOut, test, totpNow } from './fixtures';

test('anggota menyalakan verifikasi dua langkah, lalu masuk dengan kode dari aplikasi', async ({ page }) => {
  const member = await freshMember(page);
  await page.goto('/settings/two-factor');
  await page.getByRole('button', { name: 'Siapkan aplikasi autentikator' }).click();
  await expect(page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Kode 6 angka dari aplikasi').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Aktifkan' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const recovery = (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent())!.trim();
  await signOut(page);

  // Password alone opens nothing.
  await page.goto('/sign-in?callbackUrl=%2Fsettings%2Ftwo-factor');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await page.goto('/portofolio/all');
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await page.getByLabel('Kode', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page.getByRole('alert')).toContainText('Kode salah');
  await enterSecondFactor(page, secret);
  await expect(page).toHaveURL(/\/portofolio\/all/);
  await signOut(page);

  // A recovery code works once.
  await signInUpToCode(page, member.email, member.password);
  await page.getByLabel('Kode', { exact: true }).fill(recovery);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await signOut(page);
  await signInUpToCode(page, member.email, member.password);
  await page.getByLabel('Kode', { exact: true }).fill(recovery);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
});

async function signInUpToCode(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
}

test('admin memberi akses Premium 30 hari; anggota melihatnya dan tindakan tercatat di log audit', async ({
  page,
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext({ baseURL });
  const memberPage = await ctx.newPage();
  const member = await freshMember(memberPage);

  await signInAdminByPost(page);
  await page.goto('/admin/anggota');
  await page.getByLabel('Nama atau email').fill(member.email);
  await page.getByRole('search', { name: 'Anggota' }).getByRole('button', { name: 'Cari' }).click();
  await page.getByRole('link', { name: member.name }).click();
  await page.getByLabel('Jumlah hari').fill('30');
  await page.getByLabel('Alasan', { exact: true }).fill('Liputan jurnalis');
  await page.getByRole('button', { name: 'Beri akses mulai sekarang' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'diberikan' })).toContainText(
    'Akses Premium 30 hari diberikan.',
  );
  await expect(page.getByRole('list', { name: 'Keanggotaan' })).toContainText('akses dari Telaah');
  await expect(page.getByRole('list', { name: 'Log audit' })).toContainText('admin.access-grant');
  await expect(page.getByRole('list', { name: 'Log audit' })).toContainText('Liputan jurnalis');

  await memberPage.goto('/settings/membership');
  await expect(memberPage.getByText('akses dari Telaah')).toBeVisible();
  await expect(memberPage.getByText(/Premium/).first()).toBeVisible();
  await ctx.close();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Anggota berbayar saat ini' })).toBeVisible();
  const csv = await page.request.get('/admin/ringkasan.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^bagian,bulan,ukuran,nilai\n/);
});
