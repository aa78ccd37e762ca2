import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, freshMember, latestMailTo, signIn, signInAdmin, signOut, test } from './fixtures';

// The demo accounts as docs/product.md §9 publishes them; the admin's code step uses the published TOTP
// secret. The only story that signs in as the demo admin: every other admin story claims one of the pool.
test.describe('akun demo', () => {
  for (const [role, email] of Object.entries(DEMO)) {
    test(`anggota demo ${role} masuk lewat formulir dan mendarat di portofolio`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/portofolio\/all$/);
      await expect(page.getByRole('button', { name: 'Keluar' })).toBeVisible();
    });
  }
});

test('pengunjung mendaftar, memverifikasi email dari kotak keluar, lalu masuk', async ({ page }) => {
  const email = `baru-${Date.now()}@contoh.id`;
  await page.goto('/sign-up');
  await page.getByLabel('Nama', { exact: true }).fill('Rina Baru');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill('pendek');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByText('Kata sandi minimal 10 karakter.')).toBeVisible();
  await page.getByLabel('Kata sandi', { exact: true }).fill('nasi-uduk-betawi-2026');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByRole('heading', { name: 'Cek email Anda' })).toBeVisible();

  const mail = await latestMailTo(email);
  expect(mail.subject).toBe('Verifikasi email Anda di Telaah');
  const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByText('Email Anda sudah terverifikasi. Silakan masuk.')).toBeVisible();
  await signIn(page, email, 'nasi-uduk-betawi-2026');
  await expect(page).toHaveURL(/\/portofolio\/all$/);
});

test('pendaftaran dengan email yang sudah terdaftar dijawab sama seperti yang baru; pemiliknya diberi tahu lewat email', async ({
  page,
  browser,
}) => {
  const owner = await freshMember(await browser.newPage());
  await page.goto('/sign-up');
  await page.getByLabel('Nama', { exact: true }).fill('Peniru');
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill('nasi-uduk-betawi-2026');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByRole('heading', { name: 'Cek email Anda' })).toBeVisible();
  await expect(page.getByText('sudah terdaftar', { exact: false })).toHaveCount(0);
  await expect
    .poll(async () => (await latestMailTo(owner.email)).subject)
    .toBe('Pendaftaran dengan email Anda di Telaah');
});

test('masuk dengan SSO lewat penyedia OpenID Connect, mendarat di /sso-callback lalu /check-user', async ({ page }) => {
  const visited: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) visited.push(new URL(r.url()).pathname);
  });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Masuk dengan Telaah ID' }).click();
  await page.locator('input[name="login"]').fill('dian.sso@contoh.id');
  await page.locator('input[name="password"]').fill('apa-saja');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/portofolio\/all$/);
  expect(visited).toContain('/sso-callback');
  expect(visited).toContain('/check-user');
  await page.goto('/settings/account');
  await expect(page.getByText('Saat ini: dian.sso@contoh.id')).toBeVisible();
  await expect(page.getByText('SSO (Telaah ID)')).toBeVisible();
});

test('kesalahan SSO ditampilkan dalam bahasa Indonesia', async ({ page }) => {
  await page.goto('/sso-callback?error=AccessDenied');
  await expect(page.getByRole('alert')).toHaveText(
    'Akses ditolak. Akun SSO Anda tidak dapat dipakai untuk masuk ke Telaah.',
  );
});

test('callbackUrl hanya dihormati untuk alamat di situs ini', async ({ page }) => {
  await signIn(page, DEMO.reguler, DEMO_PASSWORD, '/settings/membership');
  await expect(page).toHaveURL(/\/settings\/membership$/);
  await signOut(page);
  await page.goto('/sign-in?callbackUrl=%2F%2Fevil.example%2Fcuri');
  await page.getByLabel('Email', { exact: true }).fill(DEMO.reguler);
  await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/localhost:\d+\/portofolio\/all$/);
});

test('20 kata sandi salah berturut-turut dijawab 429', async ({ page, request }) => {
  const { email } = await freshMember(page, { name: 'Sasaran Tebakan', password: 'kata-sandi-benar-1' });
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await request.post('/sign-in', {
      form: { email, password: `salah-${i}`, callbackUrl: '' },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
      maxRedirects: 0,
    });
    statuses.push(res.status());
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
  const last = await request.post('/sign-in', {
    form: { email, password: 'kata-sandi-benar-1' },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    maxRedirects: 0,
  });
  expect(last.status()).toBe(429);
  expect(last.headers()['retry-after']).toMatch(/^\d+$/);
  expect(await last.text()).toContain('Terlalu banyak percobaan masuk');
});

test('formulir tanpa header Origin yang cocok ditolak', async ({ request }) => {
  const res = await request.post('/sign-in', {
    form: { email: DEMO.gratis, password: DEMO_PASSWORD },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
});

test('cookie sesi HttpOnly dan SameSite', async ({ page, context }) => {
  await signIn(page, DEMO.gratis);
  const cookie = (await context.cookies()).find((c) => c.name === 'authjs.session-token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
});

/** Starts acting as the member; returns how the audit log names them (`anggota <id prefix>`). */
async function startImpersonating(page: Page, query: string, name: string): Promise<string> {
  await page.goto(`/impersonate?q=${encodeURIComponent(query)}`);
  const button = page.getByRole('button', { name: `Masuk sebagai ${name}` });
  const memberId = await page.locator('form', { has: button }).locator('input[name="memberId"]').inputValue();
  await button.click();
  return `anggota ${memberId.slice(0, 8)}`;
}

test('admin masuk sebagai anggota, melihat spanduk, aksi sensitif ditolak, log audit tercatat, lalu berhenti', async ({
  page,
  browser,
}) => {
  const target = await freshMember(await browser.newPage(), { name: 'Gina Dibantu' });
  await signInAdmin(page);
  const member = await startImpersonating(page, target.email, 'Gina Dibantu');
  await expect(page).toHaveURL(/\/portofolio\/all$/);
  const banner = page.getByRole('status').filter({ hasText: 'Anda sedang masuk sebagai' });
  await expect(banner).toContainText('Gina Dibantu');
  await expect(banner.getByRole('button', { name: 'Akhiri' })).toBeVisible();

  // While impersonating there is no "Keluar" (it would end the admin's own session): "Akhiri impersonasi".
  // (The header's account part is a server island: once it shows the member's name, it has no "Keluar".)
  await expect(page.locator('.account-name')).toHaveText('Gina');
  await expect(page.getByRole('button', { name: 'Keluar' })).toHaveCount(0);

  // The banner shows on a pre-rendered page too; on a 375 px phone it takes two lines at most, and the
  // menu offers "Akhiri impersonasi" where a member has "Keluar".
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/courses');
  await expect(page.getByText('Anda sedang masuk sebagai')).toBeVisible();
  const lines = await banner.evaluate((b) => {
    const row = b.querySelector('.imp-row')!;
    return Math.round(row.getBoundingClientRect().height / parseFloat(getComputedStyle(row).lineHeight));
  });
  expect(lines).toBeLessThanOrEqual(2);
  await page.getByText('Menu', { exact: true }).click();
  const menu = page.getByRole('group', { name: 'Akun Anda' });
  await expect(menu.getByRole('button', { name: 'Akhiri impersonasi' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keluar' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sensitive actions are refused while impersonating.
  const pay = await page.goto('/pay?plan=reguler-1');
  expect(pay?.status()).toBe(403);
  await expect(page.getByText('Tindakan ini tidak tersedia saat Anda masuk sebagai anggota lain')).toBeVisible();
  const origin = new URL(page.url()).origin;
  const del = await page.request.post('/settings/account', {
    form: { intent: 'delete', confirm: target.email },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(del.status()).toBe(403);
  // A permitted write (the name) is audited with both ids.
  await page.goto('/settings/account');
  await page.getByLabel('Nama', { exact: true }).fill('Gina Dibantu Admin');
  await page.getByRole('button', { name: 'Simpan nama' }).click();
  await expect(page.getByText('Nama Anda sudah diperbarui.')).toBeVisible();

  await page.getByRole('button', { name: 'Akhiri impersonasi' }).click();
  await expect(page).toHaveURL(/\/impersonate$/);
  await expect(page.getByText('Anda sedang masuk sebagai')).toHaveCount(0);
  const log = page.locator('main ul.small li').filter({ hasText: member });
  await expect(log.filter({ hasText: 'mulai' }).first()).toBeVisible();
  await expect(log.filter({ hasText: 'diakhiri' }).first()).toBeVisible();
  await expect(
    log.filter({ hasText: 'perubahan data' }).filter({ hasText: 'POST /settings/account' }).first(),
  ).toBeVisible();
});

test('admin tidak dapat diimpersonasi dan anggota biasa mendapat 404 di rute impersonasi', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/impersonate?q=admin%40telaah');
  await expect(page.getByText('Admin tidak dapat diimpersonasi.')).toBeVisible();
  const malformed = await page.request.post('/api/impersonate/start', {
    form: { memberId: 'x' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).fields).toEqual({ memberId: 'Pilih anggota dari daftar: memberId tidak valid.' });
  // A refusal goes back to the search it came from as a flash (decision 0017), never as text in the URL.
  const refused = await page.request.post('/api/impersonate/start', {
    form: { memberId: '00000000-0000-0000-0000-000000000000', back: '?q=admin@telaah' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  expect(refused.headers().location).toBe('/impersonate?q=admin%40telaah');
  await page.goto(refused.headers().location!);
  await expect(page.getByRole('alert').filter({ hasText: 'Anggota tidak ditemukan.' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Anggota tidak ditemukan.')).toHaveCount(0);
  await signOut(page);

  await signIn(page, DEMO.premium);
  const origin = new URL(page.url()).origin;
  expect((await page.goto('/impersonate'))?.status()).toBe(404);
  const start = await page.request.post('/api/impersonate/start', {
    form: { memberId: '00000000-0000-0000-0000-000000000000' },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(start.status()).toBe(404);
  const stop = await page.request.post('/api/impersonate/stop', { headers: { Origin: origin }, maxRedirects: 0 });
  expect(stop.status()).toBe(404);
});

test('anggota mengunduh datanya lalu menghapus akunnya dan tidak bisa masuk lagi', async ({ page }) => {
  const { email } = await freshMember(page, { name: 'Akan Pergi', password: 'sampai-jumpa-lagi-99' });

  await page.goto('/settings/account');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Unduh data (JSON)' }).click();
  const file = await (await download).path();
  const data = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8'));
  expect(data.profile).toMatchObject({ email, name: 'Akan Pergi', hasPassword: true });
  expect(JSON.stringify(data)).not.toContain('passwordHash');

  await page.getByLabel(/Ketik email Anda/).fill('salah@contoh.id');
  await page.getByRole('button', { name: 'Hapus akun saya' }).click();
  await expect(page.getByText('Ketik email akun Anda persis')).toBeVisible();
  await page.getByLabel(/Ketik email Anda/).fill(email);
  await page.getByRole('button', { name: 'Hapus akun saya' }).click();
  await expect(page).toHaveURL(/\/\?akun=dihapus$/);

  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill('sampai-jumpa-lagi-99');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Email atau kata sandi salah.');
});

test('mengganti kata sandi mengeluarkan sesi di perangkat lain', async ({ browser }) => {
  const a = await browser.newPage();
  const { email } = await freshMember(a, { name: 'Dua Perangkat', password: 'perangkat-pertama-1' });
  const b = await browser.newPage();
  await signIn(b, email, 'perangkat-pertama-1');

  // Sessions carry second-resolution timestamps: change the password in a later second than the sign-ins.
  const signedInAt = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [50] }).toBeGreaterThan(signedInAt);
  await a.goto('/settings/account');
  await a.getByLabel('Kata sandi saat ini').fill('perangkat-pertama-1');
  await a.getByLabel('Kata sandi baru').fill('perangkat-kedua-22');
  await a.getByRole('button', { name: 'Ganti kata sandi' }).click();
  await expect(a.getByText('Kata sandi diganti.')).toBeVisible();
  await a.goto('/settings/account');
  await expect(a).toHaveURL(/\/settings\/account$/);
  await b.goto('/settings/account');
  await expect(b).toHaveURL(/\/sign-in\?callbackUrl=/);
});

test('cookie sesi yang disimpan setelah keluar tidak berlaku lagi', async ({ page, browser, baseURL }) => {
  await freshMember(page);
  const kept = await page.context().cookies();
  await signOut(page);
  const replay = await browser.newContext({ baseURL });
  await replay.addCookies(kept);
  const other = await replay.newPage();
  await other.goto('/portofolio/all');
  await expect(other).toHaveURL(/\/sign-in\?callbackUrl=/);
  await replay.close();
});

test('"Keluar dari semua perangkat" mengakhiri sesi di perangkat lain seketika', async ({ page, browser, baseURL }) => {
  const laptop = await browser.newContext({ baseURL });
  const phone = await laptop.newPage();
  const member = await freshMember(page);
  await signIn(phone, member.email, member.password);
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Keluar dari semua perangkat' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await phone.goto('/portofolio/all');
  await expect(phone).toHaveURL(/\/sign-in\?callbackUrl=/);
  await laptop.close();
});

test('aturan kata sandi pendaftaran menyebut persis masalahnya, menyimpan yang bisa disimpan, dan bisa ditampilkan', async ({
  page,
}) => {
  await page.goto('/sign-up');
  await page.getByLabel('Nama', { exact: true }).fill('Budi');
  await page.getByLabel('Email', { exact: true }).fill('budi@contoh.test');
  await page.getByLabel('Kata sandi', { exact: true }).fill('rahasia-budi-2026');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByText('Kata sandi tidak boleh memuat "budi", bagian depan alamat email Anda.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('budi@contoh.test');

  // The email is the problem here, not the password: the password stays.
  await page.getByLabel('Email', { exact: true }).fill('budi-contoh.test');
  await page.getByLabel('Kata sandi', { exact: true }).fill('nasi-uduk-betawi-2026');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByText('Format email tidak valid', { exact: false })).toBeVisible();
  const password = page.getByLabel('Kata sandi', { exact: true });
  await expect(password).toHaveValue('nasi-uduk-betawi-2026');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Tampilkan kata sandi' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Tampilkan kata sandi' })).toHaveAttribute('aria-pressed', 'true');
});
