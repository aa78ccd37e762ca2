import { type Page } from '@playwright/test';
import { expect, freshMember, signInAdminByPost, test } from './fixtures';
import { TELEGRAM_E2E } from './telegram-env';
import { PORTS } from '../../playwright.config';
import { joinRequest, startCommand, widgetQuery as signedWidgetQuery, type TgUser } from '../fixtures/telegram';

const STAND_IN = `http://127.0.0.1:${PORTS.telegram}`;
const APP_NOW = new Date(process.env.APP_NOW ?? '2026-11-20T10:00:00+07:00');

interface Call {
  method: string;
  params: Record<string, unknown>;
}

async function calls(method: string): Promise<Call[]> {
  return (await (await fetch(`${STAND_IN}/__calls?method=${method}`)).json()) as Call[];
}

/** Telegram posts an update to the app's webhook (through the stand-in, with the secret header unless overridden). */
async function telegramSends(update: object, secret?: string | null): Promise<number> {
  const res = await fetch(`${STAND_IN}/__update`, { method: 'POST', body: JSON.stringify({ update, secret }) });
  return ((await res.json()) as { status: number }).status;
}

/** The Telegram Login Widget's redirect query for `user`, signed like Telegram does. */
function widgetQuery(user: TgUser, authDate: Date, token: string = TELEGRAM_E2E.token): URLSearchParams {
  return signedWidgetQuery(user, authDate, token);
}

/**
 * Taps "Tautkan Telegram" and answers where the app sends the browser: the bot's deep link, read from the
 * form's 303 (Playwright's routes do not see a redirect's target in every Chromium build, so the t.me route
 * below may not be the one that answers it). The browser then follows the 303 out of the app, to the route's
 * page or to Chromium's error page; the answer waits for that navigation to end, so that the story's next
 * `page.goto` is not cut short by it ("interrupted by another navigation to chrome-error://chromewebdata/").
 */
async function linkAnswer(page: Page): Promise<string> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/telegram',
  );
  await page.getByRole('button', { name: 'Tautkan Telegram' }).click();
  const res = await answer;
  expect(res.status()).toBe(303);
  await page.waitForURL((url) => url.protocol === 'chrome-error:' || url.hostname === 't.me');
  return res.headers()['location'] ?? '';
}

/** Nothing leaves for telegram.org (the Login Widget script) in tests. */
async function offline(page: Page): Promise<void> {
  await page.route(/^https:\/\/telegram\.org\//, (route) => route.abort());
}

test('anggota Premium menautkan Telegram lewat /start, bergabung ke grup, dan orang asing ditolak', async ({
  page,
}) => {
  await offline(page);
  await freshMember(page, { tier: 'premium', name: 'Putri Premium' });
  await page.goto('/telegram');
  await expect(page.getByText('Akun Telegram Anda belum tertaut.')).toBeVisible();

  await page.route(/^https:\/\/t\.me\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }),
  );
  const deepLink = await linkAnswer(page);
  expect(deepLink).toMatch(new RegExp(`^https://t\\.me/${TELEGRAM_E2E.username}\\?start=[A-Za-z0-9_-]{32}$`));
  const token = new URL(deepLink).searchParams.get('start')!;

  const putri: TgUser = { id: 5_100_001, first_name: 'Putri', username: 'putri_investasi' };
  expect(await telegramSends(startCommand(putri, token))).toBe(200);
  const reply = (await calls('sendMessage')).filter((c) => c.params.chat_id === putri.id).at(-1)!;
  expect(reply.params.text).toContain(
    'Berhasil! Akun Telegram Anda kini tertaut dengan akun Telaah atas nama Putri Premium (paket Premium).',
  );
  expect(reply.params.text).toMatch(/Grup Telaah Premium: https:\/\/t\.me\/\+standin\d+/);

  await page.goto('/telegram/verify');
  await expect(page.getByText('Tertaut dengan akun Telegram @putri_investasi')).toBeVisible();
  const join = page.getByRole('link', { name: 'Gabung Grup Telaah Premium' });
  await expect(join).toHaveAttribute('href', /^https:\/\/t\.me\/\+standin\d+$/);

  const premiumChat = Number(TELEGRAM_E2E.groups.premium);
  expect(await telegramSends(joinRequest(premiumChat, putri))).toBe(200);
  const stranger: TgUser = { id: 5_100_999, first_name: 'Asing' };
  expect(await telegramSends(joinRequest(premiumChat, stranger))).toBe(200);
  expect((await calls('approveChatJoinRequest')).map((c) => c.params.user_id)).toContain(putri.id);
  expect((await calls('approveChatJoinRequest')).map((c) => c.params.user_id)).not.toContain(stranger.id);
  expect((await calls('declineChatJoinRequest')).map((c) => c.params.user_id)).toContain(stranger.id);

  await page.goto('/telegram');
  await expect(
    page.locator('li', { hasText: 'Grup Telaah Premium' }).getByText('Anda sudah bergabung di grup ini.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Putuskan tautan' }).click();
  await expect(page.getByRole('status')).toContainText('Tautan Telegram diputus');
  await expect(page.getByText('Akun Telegram Anda belum tertaut.')).toBeVisible();
});

test('anggota Reguler menautkan lewat Telegram Login Widget; data palsu, kedaluwarsa, atau dipakai ulang ditolak', async ({
  page,
}) => {
  await offline(page);
  await freshMember(page, { tier: 'reguler' });
  const rudi: TgUser = { id: 5_200_002, first_name: 'Rudi', username: 'rudi_reguler' };

  const tampered = widgetQuery(rudi, APP_NOW);
  tampered.set('id', '5200003');
  let res = await page.goto(`/telegram/verify?${tampered}`);
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('tanda tangan tidak cocok');

  res = await page.goto(`/telegram/verify?${widgetQuery(rudi, new Date(APP_NOW.getTime() - 10 * 60_000))}`);
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('sudah kedaluwarsa');
  await expect(page.getByText('Akun Telegram Anda belum tertaut.')).toBeVisible();

  const good = `/telegram/verify?${widgetQuery(rudi, new Date(APP_NOW.getTime() - 30_000))}`;
  await page.goto(good);
  await expect(page).toHaveURL(/\/telegram\/verify\?hasil=tertaut$/);
  await expect(page.getByRole('status')).toContainText('Akun Telegram Anda berhasil ditautkan.');
  await expect(page.getByText('Tertaut dengan akun Telegram @rudi_reguler')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gabung Grup Telaah Reguler' })).toBeVisible();
  await expect(page.locator('li', { hasText: 'Grup Telaah Premium' })).toContainText('Khusus anggota Premium');
  // Once linked, the Telegram defaults (kept while unlinked) are on and can be changed.
  await page.goto('/settings/notification');
  const byTelegram = page
    .getByRole('group', { name: 'Semua analisis baru' })
    .getByRole('checkbox', { name: 'Telegram' });
  await expect(byTelegram).toBeChecked();
  await expect(byTelegram).toBeEnabled();

  res = await page.goto(good);
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('sudah pernah dipakai');
});

test('webhook dengan secret yang salah ditolak 401 dan tidak mengubah apa pun', async ({ page, request }) => {
  await offline(page);
  await freshMember(page);
  await page.route(/^https:\/\/t\.me\//, (route) => route.fulfill({ body: 'Telegram' }));
  await page.goto('/telegram');
  const deepLink = await linkAnswer(page);
  expect(deepLink).toContain('?start=');
  const token = new URL(deepLink).searchParams.get('start')!;
  const gita: TgUser = { id: 5_300_003, first_name: 'Gita' };

  expect(await telegramSends(startCommand(gita, token), 'secret-yang-salah')).toBe(401);
  expect(await telegramSends(startCommand(gita, token), null)).toBe(401);
  const direct = await request.post('/api/telegram/webhook', { data: { update_id: 1, ...startCommand(gita, token) } });
  expect(direct.status()).toBe(401);
  expect((await calls('sendMessage')).filter((c) => c.params.chat_id === gita.id)).toEqual([]);
  await page.goto('/telegram');
  await expect(page.getByText('Akun Telegram Anda belum tertaut.')).toBeVisible();

  // The refused requests did not use the token up.
  expect(await telegramSends(startCommand(gita, token))).toBe(200);
  await page.reload();
  await expect(page.getByText('Tertaut dengan akun Telegram Gita')).toBeVisible();
  await expect(page.locator('li', { hasText: 'Grup Telaah Reguler' })).toContainText(
    'Khusus anggota Reguler dan Premium',
  );
});

test('admin yang sedang impersonasi tidak bisa menautkan Telegram anggota', async ({ page }) => {
  await offline(page);
  await signInAdminByPost(page);
  await page.goto('/impersonate?q=gratis%40telaah.test');
  await page.getByRole('button', { name: 'Masuk sebagai Gita Gratis' }).click();
  await expect(page.getByText(/Anda sedang masuk sebagai/)).toBeVisible();
  await page.goto('/telegram');
  await expect(page.getByRole('button', { name: /^(Tautkan Telegram|Putuskan tautan)$/ })).toBeDisabled();
  const origin = new URL(page.url()).origin;
  for (const intent of ['link', 'unlink']) {
    const res = await page.request.post('/telegram', { form: { intent }, headers: { origin }, maxRedirects: 0 });
    expect(res.status(), intent).toBe(403);
  }
  await expect(page.getByText('Mode impersonasi: penautan Telegram dan undangan grup tidak tersedia.')).toBeVisible();
  const verify = await page.goto('/telegram/verify');
  expect(verify?.status()).toBe(403);
  await page.goto('/settings/notification');
  await expect(page.getByRole('button', { name: 'Simpan pengaturan' })).toBeDisabled();
  await page.getByRole('button', { name: 'Akhiri' }).click();
});
