import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORTS, SENTRY_DSN } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { expect, test } from './fixtures';
import { envelopes, errorEvents } from './sentry';

// This spec starts servers of its own for its stories: they run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

interface Server {
  url: string;
  log: () => string;
  stop: () => void;
}

/**
 * Serves the build (`npm run serve`: the bundled scripts/serve.ts) on a database that cannot be reached: pages
 * that read data fail.
 */
async function startBrokenServer(port: number, env: Record<string, string>): Promise<Server> {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'telaah-500-')),
      NODE_ENV: 'test',
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      LOG_LEVEL: 'info',
      SENTRY_DSN: '',
      ...env,
    },
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 30_000 }).toContain('listening');
  return { url: `http://127.0.0.1:${port}`, log: () => log, stop: () => child.kill() };
}

function jsonLines(log: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

test.describe('server dengan monitoring', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startBrokenServer(PORTS.brokenServer, { SENTRY_DSN });
  });
  test.afterAll(() => server.stop());

  test('kesalahan server menampilkan halaman 500 dengan digest = id kejadian Sentry, juga di log', async ({ page }) => {
    const res = await page.goto(`${server.url}/analisis`);
    expect(res?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('pengecualian di sisi server');
    await expect(page.getByText('log server')).toBeVisible();
    const digest = (await page.getByTestId('digest').textContent())?.trim() ?? '';
    expect(digest).toMatch(/^[0-9a-f]{32}$/);

    // The server SDK sent the event under that id.
    await expect
      .poll(async () => (await errorEvents()).find(({ event }) => event.event_id === digest), { timeout: 15_000 })
      .toBeTruthy();
    const { event } = (await errorEvents()).find(({ event }) => event.event_id === digest)!;
    expect(event.sdk?.name).toContain('astro');
    expect(event.tags).toMatchObject({ impersonating: 'no' });

    // One error line and one request line carry the same digest.
    await expect.poll(() => jsonLines(server.log()).filter((l) => l.digest === digest).length).toBe(2);
    const lines = jsonLines(server.log()).filter((l) => l.digest === digest);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'error', msg: 'server error', path: '/analisis', digest }),
        expect.objectContaining({
          level: 'error',
          msg: 'request',
          method: 'GET',
          path: '/analisis',
          status: 500,
          digest,
          durationMs: expect.any(Number),
        }),
      ]),
    );
  });
});

test.describe('server tanpa SENTRY_DSN', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startBrokenServer(PORTS.unmonitoredServer, {});
  });
  test.afterAll(() => server.stop());

  test('halaman 500 tetap memberi digest acak yang ada di log, dan tidak ada yang dikirim ke Sentry', async ({
    page,
  }) => {
    const res = await page.goto(`${server.url}/analisis`);
    expect(res?.status()).toBe(500);
    const digest = (await page.getByTestId('digest').textContent())?.trim() ?? '';
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => server.log()).toContain(`"digest":"${digest}"`);
    const line = jsonLines(server.log()).find((l) => l.msg === 'server error' && l.digest === digest);
    expect(line).toMatchObject({ level: 'error', path: '/analisis', digest });
    // The error is logged after it was captured: had an SDK been started, its event would be queued by now.
    // Without SENTRY_DSN no SDK is even imported, so nothing is in flight; none has reached the stand-in.
    expect((await envelopes()).some((e) => e.header.event_id === digest)).toBe(false);
  });

  test('/monitoring menjawab 404 dan island yang gagal tidak memuat SDK maupun mengirim apa pun', async ({
    page,
    request,
  }) => {
    expect(
      (await request.post(`${server.url}/monitoring?p=42`, { headers: { origin: server.url }, data: '{}' })).status(),
    ).toBe(404);
    expect((await request.get(`${server.url}/monitoring`)).status()).toBe(404);

    const requests: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.text());
    });
    await page.goto(`${server.url}/uji-monitoring`);
    await expect(page.getByRole('alert')).toContainText('terjadi pengecualian di sisi klien');
    // Throws outside any handler and resolves once the page's own `error` listeners have run, so
    // whatever the page does about the error has started before the network is watched going quiet.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('error', () => setTimeout(resolve), { once: true });
          setTimeout(() => {
            throw new Error('Uji tanpa monitoring');
          });
        }),
    );
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
    expect(requests.filter((u) => u.includes('/monitoring'))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    // No script that ran holds Sentry's SDK (its global carrier is `__SENTRY__`).
    for (const js of scripts) expect(js).not.toContain('__SENTRY__');
  });
});

test.describe('server produksi', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startBrokenServer(PORTS.productionServer, { NODE_ENV: 'production' });
  });
  test.afterAll(() => server.stop());

  test('mengirim Strict-Transport-Security di setiap respons dan tidak punya halaman uji monitoring', async ({
    request,
  }) => {
    for (const path of ['/', '/courses', '/sign-in', '/favicon.svg']) {
      const res = await request.get(`${server.url}${path}`);
      expect(res.headers()['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
    }
    const probe = await request.get(`${server.url}/uji-monitoring`);
    expect(probe.status()).toBe(404);
    expect(await probe.text()).toContain('Halaman tidak ditemukan');
  });
});
