import { expect, test } from './fixtures';
import { migratedDataDir } from '../migrated-data-dir';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_WASM_FLAGS } from './server-flags';

// This spec starts servers of its own for its stories: they run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

// A server with no payment provider configured (no STRIPE_SECRET_KEY, no MIDTRANS_SERVER_KEY) and no Telegram.
const PORT = PORTS.noPaymentsServer;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let dataDir = '';
let server: ChildProcess;
let log = '';

test.beforeAll(async () => {
  dataDir = await migratedDataDir('telaah-nopay-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
  };
  for (const k of Object.keys(env)) if (/^(STRIPE|MIDTRANS|TELEGRAM)_/.test(k)) delete env[k];
  server = spawn(process.execPath, [...SPEC_SERVER_WASM_FLAGS, 'dist/server/entry.mjs'], { env });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 20_000 }).toContain('listening');
});

test.afterAll(() => {
  server.kill();
});

test('tanpa penyedia pembayaran, /pay memberi tahu bahwa pembayaran belum dikonfigurasi', async ({ page }) => {
  // Signing up through the forms (Argon2id, the verification mail) on a server of its own.
  test.setTimeout(60_000);
  const email = 'dina@contoh.id';
  await page.goto(`${ORIGIN}/sign-up`);
  await page.getByLabel('Nama', { exact: true }).fill('Dina Lestari');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi').fill('kopi-tubruk-pagi');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByRole('heading', { name: 'Cek email Anda' })).toBeVisible();
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string })
    .find((m) => m.to === email)!;
  await page.goto(/https?:\/\/\S+verify-email\S+/.exec(mail.text)![0]);
  await page.goto(`${ORIGIN}/sign-in?callbackUrl=${encodeURIComponent('/pay?plan=reguler-1')}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi').fill('kopi-tubruk-pagi');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();

  await expect(page).toHaveURL(`${ORIGIN}/pay?plan=reguler-1`);
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toContainText('Pembayaran belum dikonfigurasi');
  await expect(page.getByRole('button', { name: /^Bayar/ })).toHaveCount(0);
  // A form posted anyway (an old tab) gets the same answer, not a server error.
  const res = await page.request.post(`${ORIGIN}/pay`, { form: { plan: 'reguler-1' }, headers: { origin: ORIGIN } });
  expect(res.status()).toBe(503);
  expect(await res.text()).toContain('Pembayaran belum dikonfigurasi');

  // Telegram is off too: no offer to link, and no Telegram notice shown as chosen.
  await page.goto(`${ORIGIN}/telegram/verify`);
  await expect(page.getByTestId('telegram-belum-tersedia')).toContainText('Telegram belum tersedia.');
  await expect(page.getByRole('link', { name: 'Tautkan Telegram' })).toHaveCount(0);
  await page.goto(`${ORIGIN}/settings/notification`);
  await expect(page.getByText('Telegram belum tersedia di Telaah')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Telegram', checked: true })).toHaveCount(0);
});
