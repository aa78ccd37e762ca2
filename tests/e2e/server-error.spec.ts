import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORTS } from '../../playwright.config';

// A server whose database is unreachable: every page that reads data fails on the server.
const PORT = PORTS.brokenServer;
let server: ChildProcess;
let log = '';

test.beforeAll(async () => {
  server = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'telaah-500-')),
      NODE_ENV: 'test',
    },
  });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 20_000 }).toContain('listening');
});

test.afterAll(() => {
  server.kill();
});

test('kesalahan server menampilkan halaman 500 dengan digest yang juga ada di log', async ({ page }) => {
  const res = await page.goto(`http://127.0.0.1:${PORT}/analisis`);
  expect(res?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('pengecualian di sisi server');
  await expect(page.getByText('log server')).toBeVisible();
  const digest = (await page.getByTestId('digest').textContent())?.trim() ?? '';
  expect(digest).toMatch(/^[0-9a-f]{10}$/);
  await expect.poll(() => log).toContain(`"digest":"${digest}"`);
  const line = log.split('\n').find((l) => l.includes(digest)) ?? '';
  expect(JSON.parse(line)).toMatchObject({ level: 'error', path: '/analisis', digest });
});
