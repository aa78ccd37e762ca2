import { createHmac } from 'node:crypto';
import { DEMO, expect, freshMember, signIn, test } from './fixtures';

// The secret the e2e server signs with (playwright.config.ts); a real email carries the same link.
const AUTH_SECRET = 'e2e-secret-not-for-production-0123456789';

function unsubscribeLink(userId: string, event: string): string {
  const t = createHmac('sha256', AUTH_SECRET).update(`unsubscribe\n${userId}\n${event}`).digest('base64url');
  return `/api/notifications/unsubscribe?${new URLSearchParams({ u: userId, e: event, t })}`;
}

test('anggota mengatur notifikasi per jenis dan saluran, dan pilihannya tersimpan', async ({ page }) => {
  await freshMember(page);
  await page.goto('/settings/notification');
  const toggle = (event: string, channel: 'Email' | 'Telegram') =>
    page.getByRole('group', { name: event }).getByRole('checkbox', { name: channel });
  // Defaults: what concerns the member directly on everywhere; every analysis only by Telegram.
  await expect(toggle('Analisis baru emiten yang saya pegang', 'Email')).toBeChecked();
  await expect(toggle('Semua analisis baru', 'Email')).not.toBeChecked();
  // No Telegram linked: no Telegram box is shown ticked (none could be delivered), and none can be changed.
  await expect(page.getByText('Telegram belum tertaut')).toBeVisible();
  for (const event of ['Semua analisis baru', 'Pengingat dividen', 'Pelajaran baru di kursus yang saya ikuti']) {
    await expect(toggle(event, 'Telegram')).not.toBeChecked();
    await expect(toggle(event, 'Telegram')).toBeDisabled();
  }

  await toggle('Semua analisis baru', 'Email').check();
  await toggle('Pengingat dividen', 'Email').uncheck();
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(page.getByRole('status')).toHaveText('Pengaturan notifikasi disimpan.');
  await page.goto('/settings/notification');
  await expect(toggle('Semua analisis baru', 'Email')).toBeChecked();
  await expect(toggle('Pengingat dividen', 'Email')).not.toBeChecked();
  await expect(toggle('Pengingat dividen', 'Telegram')).not.toBeChecked();
});

test('anggota berhenti menerima satu jenis email dengan satu klik, tanpa masuk, dan bisa membatalkannya', async ({
  page,
  browser,
}) => {
  await freshMember(page, { tier: 'reguler' });
  const { profile } = (await (await page.request.get('/api/account/export')).json()) as { profile: { id: string } };
  const link = unsubscribeLink(profile.id, 'membership-ending');

  const stranger = await browser.newPage();
  const res = await stranger.goto(link);
  expect(res?.status()).toBe(200);
  await expect(stranger.getByRole('heading', { name: 'Anda berhenti berlangganan' })).toBeVisible();
  await expect(stranger.getByText('“Keanggotaan akan berakhir”')).toBeVisible();

  const toggle = page
    .getByRole('group', { name: 'Keanggotaan akan berakhir' })
    .getByRole('checkbox', { name: 'Email' });
  await page.goto('/settings/notification');
  await expect(toggle).not.toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Keanggotaan akan berakhir' }).getByRole('checkbox', { name: 'Email' }),
  ).toBeEnabled();

  await stranger.getByRole('button', { name: 'Batalkan, tetap kirimi saya' }).click();
  await expect(stranger.getByRole('heading', { name: 'Langganan diaktifkan lagi' })).toBeVisible();
  await page.reload();
  await expect(toggle).toBeChecked();

  const forged = link.replace('membership-ending', 'analysis-any');
  const bad = await stranger.goto(forged);
  expect(bad?.status()).toBe(400);
  await expect(stranger.getByRole('heading', { name: 'Tautan tidak valid' })).toBeVisible();
  await stranger.close();
});

test('halaman Telegram dan notifikasi tidak menggulir ke samping di ponsel 360 px', async ({ page }) => {
  await page.route(/^https:\/\/telegram\.org\//, (route) => route.abort());
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO.premium);
  for (const path of ['/telegram', '/telegram/verify', '/settings/notification']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
