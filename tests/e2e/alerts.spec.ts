/**
 * Issue #25, the alert-delivery story: two members (one on a 375 px phone, one on a 1280 px screen) build a
 * watchlist from its search and from the screener and set a price alert and a target-price alert; a day's
 * import crosses both. Each member gets exactly one Telegram message (the Telegram stand-in) and one email
 * (the outbox) grouping both, `/notifikasi` shows them, a second run over the same day sends nothing, and the
 * price going back re-arms the price alert, which fires again on the next crossing.
 *
 * The server of its own runs on PostgreSQL (a database of its own, dropped afterwards), as production does
 * with a separate jobs process: the day lands through `npm run jobs -- --once --job market-update` (a
 * `files` feed in a folder) and through `npm run market:import`, both with the server's environment, while
 * the server keeps serving.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser, Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { expect, freshMember, outbox, test, type Member } from './fixtures';
import { TELEGRAM_E2E } from './telegram-env';
import { widgetQuery, type TgUser } from '../fixtures/telegram';
import { specDatabase } from '../postgres-databases';
import { cliArgs, programArgs } from '../cli';

// This spec starts a server of its own: its stories run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

const PORT = PORTS.alertsServer;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const database = specDatabase('alerts');
const STAND_IN = `http://127.0.0.1:${PORTS.telegram}`;
// The demo market is loaded as of the 19th at noon (its last close is the 19th); the server's "now" is the
// evening of the 20th, after the close.
const SERVER_NOW = '2026-11-20T19:30:00+07:00';
const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-alerts-'));
const feedDir = mkdtempSync(path.join(tmpdir(), 'telaah-alerts-feed-'));
const SERVER = { origin: ORIGIN, dataDir };
const run = promisify(execFile);
let server: ChildProcess;
let log = '';

const env = (now: string): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    APP_URL: ORIGIN,
    APP_NOW: now,
    NODE_ENV: 'test',
    AUTH_SECRET: 'alerts-secret-not-for-production-0123456789',
    JOBS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'error',
    MARKET_FEED: 'files',
    MARKET_FEED_FILES: feedDir,
  };
  for (const k of Object.keys(e)) if (/^(STRIPE|MIDTRANS|SENTRY|TELEGRAM|SMTP)_/.test(k)) delete e[k];
  return {
    ...e,
    TELEGRAM_BOT_TOKEN: TELEGRAM_E2E.token,
    TELEGRAM_BOT_USERNAME: TELEGRAM_E2E.username,
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_E2E.webhookSecret,
    TELEGRAM_API_ROOT: STAND_IN,
  };
};

/** Writes the day's closes as the `files` feed's `prices` file of that day. */
function dayFile(day: string, closes: Record<string, number>): string {
  const file = path.join(feedDir, `${day}.csv`);
  const rows = Object.entries(closes).map(([t, c]) => `${day},${t},${c},${c},${c},${c},1000000`);
  writeFileSync(file, `date,ticker,open,high,low,close,volume\n${rows.join('\n')}\n`);
  return file;
}

/** One `npm run jobs -- --once --job market-update` at `now`; answers the job's summary (an info line). */
async function marketUpdate(now: string): Promise<string> {
  const job = await run(process.execPath, cliArgs('jobs', '--once', '--job', 'market-update'), {
    env: { ...env(now), LOG_LEVEL: 'info' },
  });
  const line = job.stdout.split('\n').find((l) => l.includes('"job market-update'));
  expect(line, `${job.stdout}\n${job.stderr}`).toContain('"msg":"job market-update done"');
  return String(JSON.parse(line!).summary);
}

interface Sent {
  method: string;
  params: { chat_id?: number | string; text?: string };
}

async function telegramTo(chatId: number): Promise<string[]> {
  const calls = (await (await fetch(`${STAND_IN}/__calls?method=sendMessage`)).json()) as Sent[];
  return calls
    .filter((c) => Number(c.params.chat_id) === chatId && String(c.params.text).startsWith('Alert Telaah'))
    .map((c) => String(c.params.text));
}

const alertMails = (to: string) => outbox(dataDir).filter((m) => m.to === to && m.subject.startsWith('Alert Telaah'));

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

interface Watcher {
  width: number;
  telegram: TgUser;
  page: Page;
  member: Member;
}
const watchers: Watcher[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await database.create();
  const seeded = await run(process.execPath, programArgs('seed', '--allow-database-url'), {
    env: env('2026-11-19T12:00:00+07:00'),
  });
  expect(seeded.stderr).not.toContain('Error');
  server = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start'], {
    env: { ...env(SERVER_NOW), PORT: String(PORT), HOST: '127.0.0.1' },
  });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 120_000, message: 'server start-up' }).toContain('Telaah is running');
});

test.afterAll(async () => {
  for (const w of watchers) await w.page.context().close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await database.drop();
});

async function newWatcher(browser: Browser, width: number, telegramId: number): Promise<Watcher> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width, height: 900 } });
  await context.route(/^https:\/\/telegram\.org\//, (route) => route.abort());
  const page = await context.newPage();
  const member = await freshMember(page, { name: `Pemantau ${width}`, server: SERVER });
  const telegram: TgUser = { id: telegramId, first_name: `Pemantau${width}` };
  // Linked through the Telegram Login Widget (signed with the bot token, half a minute before "now").
  await page.goto(
    `/telegram/verify?${widgetQuery(telegram, new Date(Date.parse(SERVER_NOW) - 30_000), TELEGRAM_E2E.token)}`,
  );
  await expect(page.getByRole('status')).toContainText('Akun Telegram Anda berhasil ditautkan.');
  return { width, telegram, page, member };
}

test('anggota menyusun watchlist dari pencarian dan dari saringan, lalu memasang alert harga dan target', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  for (const [width, telegramId] of [
    [375, 6_250_375],
    [1280, 6_251_280],
  ] as const) {
    const w = await newWatcher(browser, width, telegramId);
    watchers.push(w);
    const { page } = w;

    // From the watchlist's own search: a part of the name, then the code among the matches.
    await page.goto('/watchlist');
    await page.getByLabel('Tambah saham').fill('Central Asia');
    await page.getByRole('button', { name: 'Tambah', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hasil pencarian “Central Asia”' })).toBeVisible();
    await page.getByRole('button', { name: 'Tambah BBCA' }).click();
    await expect(page.getByRole('status')).toContainText('BBCA');

    // From the screener: the conglomerates, then ASII's own button.
    await page.goto('/analisis/saring');
    await page.getByLabel('Subsektor').selectOption('Konglomerasi');
    await page.getByRole('button', { name: 'Saring' }).click();
    await expect(page).toHaveURL(/subsektor=Konglomerasi/);
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Pantau ASII', exact: true }).click();
    await expect(page).toHaveURL(/\/watchlist/);
    await expect(page.getByRole('status')).toContainText('ASII');

    const card = (code: string) => page.getByRole('listitem', { name: code, exact: true });
    await expect(card('BBCA')).toBeVisible();
    await expect(card('ASII')).toBeVisible();
    // ASII's latest analysis is open to every tier: its target and upside show, and so does its alert.
    await expect(card('ASII')).toContainText('Rp 5.900');

    // A price alert: 9.810 is off the grid (Rp 25 steps from Rp 5.000), so it becomes Rp 9.825.
    await card('BBCA').getByText('Pasang alert BBCA').click();
    await card('BBCA').getByLabel('Jenis alert').selectOption({ label: 'Harga di atas atau sama dengan' });
    await card('BBCA').getByLabel('Harga (untuk alert harga)').fill('9.810');
    await card('BBCA').getByRole('button', { name: 'Simpan alert' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Alert BBCA dipasang di atas atau sama dengan Rp 9.825 (fraksi Rp 25, disesuaikan dari 9.810).',
    );
    await card('ASII').getByText('Pasang alert ASII').click();
    await card('ASII').getByLabel('Jenis alert').selectOption({ label: 'Target harga analisis terakhir tercapai' });
    await card('ASII').getByRole('button', { name: 'Simpan alert' }).click();
    await expect(page.getByRole('status')).toContainText('Alert ASII dipasang.');
    await expect(page.getByText('Alert terpakai: 2 dari 5.')).toBeVisible();
    await noSidewaysScroll(page);
  }
});

test('impor satu hari melewati kedua alert: satu pesan Telegram dan satu email per anggota; jalan kedua tidak mengirim apa pun', async () => {
  test.setTimeout(240_000);
  expect(watchers).toHaveLength(2);
  // The 20th: BBCA closes at Rp 9.850 (over Rp 9.825), ASII at Rp 6.000 (over its Rp 5.900 target).
  const file = dayFile('2026-11-20', { BBCA: 9_850, ASII: 6_000 });
  const summary = await marketUpdate('2026-11-20T21:00:00+07:00');
  expect(summary).toContain('imported 2026-11-20');
  expect(summary).toContain('alerts on 2026-11-20: 4 fired, 0 re-armed, 4 notices, 4 messages sent, 0 failed');

  for (const w of watchers) {
    const messages = await telegramTo(w.telegram.id);
    expect(messages, `Telegram to the ${w.width} px member`).toHaveLength(1);
    expect(messages[0]).toContain('Alert Telaah: ASII, BBCA');
    expect(messages[0]).toContain(
      'BBCA ditutup Rp 9.850 pada 20 November 2026, di atas atau sama dengan batas Rp 9.825.',
    );
    expect(messages[0]).toMatch(
      /ASII ditutup Rp 6\.000 pada 20 November 2026: target harga Rp 5\.900 dari analisis “.+” tercapai\./,
    );
    const mails = alertMails(w.member.email);
    expect(mails, `email to the ${w.width} px member`).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Alert Telaah: ASII, BBCA');
    expect(mails[0]!.text).toContain('BBCA ditutup Rp 9.850 pada 20 November 2026');
    expect(mails[0]!.text).toContain('ASII ditutup Rp 6.000 pada 20 November 2026: target harga Rp 5.900');
    expect(mails[0]!.text).toContain(`${ORIGIN}/notifikasi`);

    const { page } = w;
    await page.goto('/watchlist');
    await expect(page.getByRole('link', { name: 'Notifikasi, 2 belum dibaca' })).toBeVisible();
    await page.getByRole('link', { name: 'Notifikasi, 2 belum dibaca' }).click();
    await expect(page).toHaveURL(/\/notifikasi$/);
    const list = page.getByRole('list', { name: 'Daftar notifikasi' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('BBCA ditutup Rp 9.850 pada 20 November 2026');
    await expect(list).toContainText('ASII ditutup Rp 6.000 pada 20 November 2026: target harga Rp 5.900');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Tandai semua sudah dibaca (2)' }).click();
    await expect(page.getByRole('status')).toContainText('2 notifikasi ditandai sudah dibaca.');
    expect(await (await page.request.get('/api/notifications/unread')).json()).toEqual({ unread: 0 });
  }

  // The same day again: the job finds it imported; the import of the same file evaluates it again.
  expect(await marketUpdate('2026-11-20T21:30:00+07:00')).toBe('up to date');
  const again = await run(process.execPath, cliArgs('market-import', '--keep-demo', file), {
    env: env('2026-11-20T21:30:00+07:00'),
  });
  expect(again.stdout).toContain('2026-11-20.csv [prices]: 2 baris — 0 baru, 0 diperbarui, 2 tidak berubah');
  expect(again.stdout).not.toContain('alerts on');
  for (const w of watchers) {
    expect(await telegramTo(w.telegram.id)).toHaveLength(1);
    expect(alertMails(w.member.email)).toHaveLength(1);
  }
});

test('harga kembali di bawah batas memasang ulang alert harga, yang berbunyi lagi saat batas dilewati lagi', async () => {
  test.setTimeout(180_000);
  // The 23rd (Monday): BBCA back below Rp 9.825 re-arms the price alerts; ASII stays over its target.
  dayFile('2026-11-23', { BBCA: 9_700, ASII: 6_050 });
  expect(await marketUpdate('2026-11-23T21:00:00+07:00')).toContain(
    'alerts on 2026-11-23: 0 fired, 2 re-armed, 0 notices',
  );
  // The 24th: over again. Only the price alerts fire; the target, reached once, stays quiet.
  dayFile('2026-11-24', { BBCA: 9_900, ASII: 6_100 });
  expect(await marketUpdate('2026-11-24T21:00:00+07:00')).toContain(
    'alerts on 2026-11-24: 2 fired, 0 re-armed, 2 notices, 4 messages sent, 0 failed',
  );
  for (const w of watchers) {
    const messages = await telegramTo(w.telegram.id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toContain('Alert Telaah: BBCA');
    expect(messages[1]).toContain('BBCA ditutup Rp 9.900 pada 24 November 2026');
    expect(messages[1]).not.toContain('ASII');
    expect(alertMails(w.member.email)).toHaveLength(2);
    await w.page.goto('/notifikasi');
    const list = w.page.getByRole('list', { name: 'Daftar notifikasi' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('BBCA ditutup Rp 9.900 pada 24 November 2026');
  }
});

test('anggota tidak bisa mengubah watchlist atau alert anggota lain lewat id-nya', async () => {
  const [owner, other] = watchers as [Watcher, Watcher];
  await owner.page.goto('/watchlist');
  const listId = new URL(
    (await owner.page
      .getByRole('navigation', { name: 'Daftar watchlist' })
      .getByRole('link')
      .first()
      .getAttribute('href'))!,
    ORIGIN,
  ).searchParams.get('daftar')!;
  const alertId = await owner.page.locator('input[name="alert"]').first().inputValue();
  expect(listId).toMatch(/^[0-9a-f-]{36}$/);
  expect(alertId).toMatch(/^[0-9a-f-]{36}$/);

  const post = (form: Record<string, string>) =>
    other.page.request.post('/watchlist', { form, headers: { origin: ORIGIN }, maxRedirects: 0 });
  const forms: Record<string, string>[] = [
    { intent: 'delete-alert', alert: alertId },
    { intent: 'rename-list', list: listId, name: 'Diambil alih' },
    { intent: 'delete-list', list: listId },
    { intent: 'remove', list: listId, code: 'BBCA' },
    { intent: 'add', list: listId, code: 'TLKM' },
  ];
  for (const form of forms) {
    expect((await post(form)).status(), form.intent).toBe(404);
  }
  // Another member's list id in the address shows the member's own list, never the owner's.
  await other.page.goto(`/watchlist?daftar=${listId}`);
  await expect(other.page.getByRole('listitem', { name: 'TLKM', exact: true })).toHaveCount(0);

  await owner.page.reload();
  await expect(owner.page.getByText('Alert terpakai: 2 dari 5.')).toBeVisible();
  await expect(owner.page.getByRole('navigation', { name: 'Daftar watchlist' })).toContainText('Watchlist saya (2)');
  await expect(owner.page.getByRole('listitem', { name: 'TLKM', exact: true })).toHaveCount(0);
});

/** A code's last close and shares in the story's database (the demo market is generated: read, not assumed). */
async function lastClose(ticker: string): Promise<{ close: number; shares: number }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const r = await client.query(
      `select p.close, e.shares_outstanding from daily_prices p join emiten e on e.ticker = p.ticker
       where p.ticker = $1 order by p.date desc limit 1`,
      [ticker],
    );
    return { close: Number(r.rows[0].close), shares: Number(r.rows[0].shares_outstanding) };
  } finally {
    await client.end();
  }
}

test('anggota menyimpan saringan, menyalakan alertnya, dan diberi tahu sekali saat kode baru masuk', async () => {
  test.setTimeout(240_000);
  const [phone, desk] = watchers as [Watcher, Watcher];
  const { page } = phone;
  // The telecom operators worth at least 4 % more than TLKM is today: TLKM is not in it until it rises 10 %.
  const { close, shares } = await lastClose('TLKM');
  const threshold = Math.ceil(((close * shares) / 1e9) * 1.04);
  await page.goto(`/analisis/saring?subsektor=Telekomunikasi&kap_min=${threshold}&urut=kap&arah=turun`);
  await expect(page.getByRole('status').filter({ hasText: 'emiten' })).toContainText(/^\s*0 dari/);
  await noSidewaysScroll(page);
  await page.getByLabel('Simpan saringan ini sebagai').fill('Telko besar');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page).toHaveURL(/\/watchlist\/saringan$/);
  await expect(page.getByRole('status').first()).toContainText('Saringan “Telko besar” disimpan.');
  const card = page.locator('li[data-screen="Telko besar"]');
  await expect(card.getByRole('link', { name: 'Telko besar' })).toHaveAttribute(
    'href',
    `/analisis/saring?subsektor=Telekomunikasi&kap_min=${threshold}&urut=kap&arah=turun`,
  );
  await expect(card).toContainText('Alert mati.');
  await card.getByRole('button', { name: 'Beri tahu saat kode baru masuk' }).click();
  await expect(page.getByRole('status').first()).toContainText('Evaluasi pertama');
  await expect(card).toContainText('Alert aktif. Menunggu evaluasi pertama');
  await noSidewaysScroll(page);

  // Another member cannot read, rename, toggle or delete it by its id.
  const screenId = await card.locator('input[name="screen"]').first().inputValue();
  expect(screenId).toMatch(/^[0-9a-f-]{36}$/);
  const forms: Record<string, string>[] = [
    { intent: 'rename', screen: screenId, name: 'Diambil alih' },
    { intent: 'alert-off', screen: screenId },
    { intent: 'alert-on', screen: screenId },
    { intent: 'delete', screen: screenId },
  ];
  for (const form of forms) {
    const r = await desk.page.request.post('/watchlist/saringan', {
      form,
      headers: { origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(r.status(), form.intent).toBe(404);
  }
  await desk.page.goto('/watchlist/saringan');
  await expect(desk.page.getByText('Belum ada saringan tersimpan.')).toBeVisible();

  // The 25th: TLKM does not trade; the first evaluation only records what passes (nothing) and tells no one.
  dayFile('2026-11-25', { BBCA: 9_950 });
  const baseline = await marketUpdate('2026-11-25T21:00:00+07:00');
  expect(baseline).toContain('alerts on 2026-11-25: 0 fired');
  expect(baseline).toContain('1 saved screens evaluated (1 distinct filters)');
  await page.reload();
  await expect(card).toContainText('Alert aktif. Evaluasi terakhir 25 November 2026: 0 kode lolos.');

  // The 26th: TLKM rises 10 % and enters. One notice, one Telegram message and one email, to its owner only.
  const risen = Math.round((close * 1.1) / 50) * 50;
  const file = dayFile('2026-11-26', { TLKM: risen });
  expect(await marketUpdate('2026-11-26T21:00:00+07:00')).toContain(
    'alerts on 2026-11-26: 1 fired, 0 re-armed, 1 notices, 2 messages sent, 0 failed',
  );
  const line = 'Kode baru masuk saringan “Telko besar” pada 26 November 2026: TLKM.';
  const messages = await telegramTo(phone.telegram.id);
  expect(messages).toHaveLength(3);
  expect(messages[2]).toContain('Alert Telaah: TLKM');
  expect(messages[2]).toContain(line);
  const mails = alertMails(phone.member.email);
  expect(mails).toHaveLength(3);
  expect(mails[2]!.subject).toBe('Alert Telaah: TLKM');
  expect(mails[2]!.text).toContain(line);
  expect(await telegramTo(desk.telegram.id)).toHaveLength(2);
  expect(alertMails(desk.member.email)).toHaveLength(2);

  await page.goto('/notifikasi');
  const list = page.getByRole('list', { name: 'Daftar notifikasi' });
  await expect(list.getByRole('listitem').first()).toContainText(line);
  await expect(list.getByRole('listitem').first().getByRole('link').first()).toHaveAttribute(
    'href',
    /\/analisis\/saring\?subsektor=Telekomunikasi/,
  );

  // The same day again, through the job and through the import of the same file: nothing more is sent.
  expect(await marketUpdate('2026-11-26T21:30:00+07:00')).toBe('up to date');
  const again = await run(process.execPath, cliArgs('market-import', '--keep-demo', file), {
    env: env('2026-11-26T21:30:00+07:00'),
  });
  expect(again.stdout).not.toContain('alerts on');
  expect(await telegramTo(phone.telegram.id)).toHaveLength(3);
  expect(alertMails(phone.member.email)).toHaveLength(3);
  await page.goto('/watchlist/saringan');
  await expect(card).toContainText('Evaluasi terakhir 26 November 2026: 1 kode lolos.');
});
