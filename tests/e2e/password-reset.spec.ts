import { axe } from './axe';
import { expect, freshMember, latestMailTo, outbox, signIn, test } from './fixtures';

const REQUESTED = 'Jika email tersebut terdaftar, kami sudah mengirim tautan';

test('anggota yang lupa kata sandi mengatur ulang lewat email dan sesi lain dikeluarkan', async ({ page, browser }) => {
  // Two browsers, four password hashes and two mails: slow on a loaded machine, not a speed check.
  test.setTimeout(90_000);
  // Another device stays signed in with the old password until the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const { email } = await freshMember(otherPage, { name: 'Sari Lupa', password: 'nasi-uduk-betawi-2026' });

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByLabel('Email', { exact: true }).fill('belum-terdaftar@contoh.id');
  await page.getByRole('button', { name: 'Kirim tautan' }).click();
  const unknownAnswer = await page.getByRole('status').textContent();
  expect(unknownAnswer).toContain(REQUESTED);
  expect(outbox().filter((m) => m.to === 'belum-terdaftar@contoh.id')).toEqual([]);

  await page.goto('/reset-password');
  await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Kirim tautan' }).click();
  await expect(page.getByRole('status')).toHaveText(unknownAnswer!);
  const mail = await latestMailTo(email);
  expect(mail.subject).toBe('Atur ulang kata sandi Telaah Anda');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0];

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Buat kata sandi baru' })).toBeVisible();
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByLabel('Kata sandi baru').fill('pendek');
  await page.getByRole('button', { name: 'Simpan kata sandi baru' }).click();
  await expect(page.getByText('Kata sandi minimal 10 karakter.')).toBeVisible();
  await page.getByLabel('Kata sandi baru').fill('gado-gado-jakarta-2027');
  await page.getByRole('button', { name: 'Simpan kata sandi baru' }).click();
  await expect(page).toHaveURL(/\/portofolio\/all$/);
  await expect(page.getByRole('button', { name: 'Keluar' })).toBeVisible();

  await otherPage.goto('/portofolio/all');
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('tidak valid, sudah dipakai, atau sudah kedaluwarsa');
  await page.getByRole('button', { name: 'Keluar' }).click();
  await signIn(page, email, 'gado-gado-jakarta-2027');
  await expect(page).toHaveURL(/\/portofolio\/all$/);
});
