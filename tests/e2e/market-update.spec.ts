import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PORTS } from '../../playwright.config';
import { claimAdmin, enterSecondFactor, expect, test } from './fixtures';
import { demoDataDir } from './demo-data';
import { cliArgs } from '../cli';
import { SPEC_SERVER_WASM_FLAGS } from './server-flags';

// This spec starts servers of its own for its stories: they run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

// A server of its own whose daily market feed (a folder) never received the evening's file: the demo
// market ends on the 18th, the daily update runs on the 20th after its deadline and finds nothing.
const PORT = PORTS.marketUpdateServer;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const EVENING = '2026-11-20T21:00:00+07:00';
let dataDir = '';
const feedDir = mkdtempSync(path.join(tmpdir(), 'telaah-feed-'));
const run = promisify(execFile);
let server: ChildProcess;
let log = '';

const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
    LOG_LEVEL: 'error',
  };
  for (const k of Object.keys(env)) if (/^(STRIPE|MIDTRANS|SENTRY|TELEGRAM)_/.test(k)) delete env[k];
  return env;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The demo data as `npm run seed` loads it on the 18th: a copy of the cached demo database.
  dataDir = await demoDataDir('telaah-market-update-', '2026-11-18T12:00:00+07:00');
  const job = await run(process.execPath, cliArgs('jobs', '--once', '--job', 'market-update'), {
    env: { ...baseEnv(), APP_NOW: EVENING, MARKET_FEED: 'files', MARKET_FEED_FILES: feedDir },
  });
  expect(job.stderr).toContain('"msg":"market update: trading day missing","day":"2026-11-20"');
  server = spawn(process.execPath, [...SPEC_SERVER_WASM_FLAGS, 'dist/server/entry.mjs'], {
    env: { ...baseEnv(), PORT: String(PORT), HOST: '127.0.0.1', APP_URL: ORIGIN, APP_NOW: EVENING },
  });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 30_000 }).toContain('listening');
});

test.afterAll(() => {
  server?.kill();
});

test('admin melihat hari bursa yang datanya belum masuk setelah batas waktu', async ({ page }) => {
  // The new server's first sign-in warms it up (password hashing, first renders) on a shared machine.
  test.setTimeout(90_000);
  // An admin of the story's own from the pool in this server's copy of the demo database.
  const admin = claimAdmin(dataDir);
  await page.goto(`${ORIGIN}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\/two-factor/, { timeout: 30_000 });
  await enterSecondFactor(page, admin.totpSecret);
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });

  await page.goto(`${ORIGIN}/impersonate`);
  await expect(page.getByRole('heading', { name: 'Pembaruan data pasar' })).toBeVisible();
  const missing = page
    .getByRole('alert')
    .filter({ hasText: 'Data pasar 20 November 2026 belum masuk setelah batas waktu' });
  await expect(missing).toContainText('2026-11-20.csv: berkas belum ada');
  // The day's run record: trading day, outcome, rows.
  await expect(page.getByRole('row', { name: /^20 November 2026 belum ada 0 / })).toBeVisible();
});
