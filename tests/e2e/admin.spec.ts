/**
 * The admin console (issue #26): two factors for admins and members, the console's access matrix, the
 * overview and its CSV, and a complimentary pass granted from a member's page.
 */
import {
  DEMO,
  DEMO_PASSWORD,
  enterSecondFactor,
  expect,
  freshMember,
  signIn,
  signInAdmin,
  signOut,
  test,
  totpNow,
} from './fixtures';

/** Every admin route, with a POST for the ones that take one (the member id filled in per story). */
function adminRoutes(memberId: string): { method: 'GET' | 'POST'; path: string }[] {
  return [
    { method: 'GET', path: '/admin' },
    { method: 'GET', path: '/admin/anggota' },
    { method: 'GET', path: '/admin/anggota?q=anggota&status=aktif&telegram=tidak' },
    { method: 'GET', path: `/admin/anggota/${memberId}` },
    { method: 'GET', path: '/admin/ringkasan.csv' },
    { method: 'POST', path: `/admin/anggota/${memberId}` },
    { method: 'GET', path: '/impersonate' },
  ];
}

async function statuses(page: import('@playwright/test').Page, memberId: string): Promise<number[]> {
  const out: number[] = [];
  const origin = new URL(page.url()).origin;
  for (const r of adminRoutes(memberId)) {
    const res =
      r.method === 'GET'
        ? await page.request.get(r.path, { maxRedirects: 0 })
        : await page.request.post(r.path, {
            form: { intent: 'grant', tier: 'premium', days: '30', reason: 'uji akses' },
            headers: { Origin: origin },
            maxRedirects: 0,
          });
    out.push(res.status());
  }
  return out;
}

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

test('konsol admin: 404 untuk anonim, setiap tingkat anggota, dan admin yang sedang impersonasi', async ({
  page,
  browser,
  baseURL,
}) => {
  const member = await freshMember(page);
  await signOut(page);
  await signInAdmin(page);
  await page.goto(`/admin/anggota?q=${encodeURIComponent(member.email)}`);
  const href = await page.getByRole('link', { name: member.name }).first().getAttribute('href');
  const memberId = href!.split('/').at(-1)!;
  // The admin with two factors: every route opens (the POST grants, then redirects).
  expect(await statuses(page, memberId)).toEqual([200, 200, 200, 200, 200, 303, 200]);

  for (const who of [null, DEMO.gratis, DEMO.reguler, DEMO.premium] as const) {
    const ctx = await browser.newContext({ baseURL });
    const other = await ctx.newPage();
    if (who) await signIn(other, who, DEMO_PASSWORD);
    else await other.goto('/');
    expect(await statuses(other, memberId), who ?? 'anonim').toEqual([404, 404, 404, 404, 404, 404, 404]);
    await ctx.close();
  }

  // The same admin while impersonating: every route is 404, reads and writes alike.
  await page.goto(`/impersonate?q=${encodeURIComponent(member.email)}`);
  await page.getByRole('button', { name: `Masuk sebagai ${member.name}` }).click();
  await expect(page).toHaveURL(/\/portofolio\/all/);
  expect(await statuses(page, memberId)).toEqual([404, 404, 404, 404, 404, 404, 404]);
  await page.getByRole('button', { name: 'Akhiri impersonasi', exact: true }).click();
});

test('admin memberi akses Premium 30 hari; anggota melihatnya dan tindakan tercatat di log audit', async ({
  page,
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext({ baseURL });
  const memberPage = await ctx.newPage();
  const member = await freshMember(memberPage);

  await signInAdmin(page);
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
