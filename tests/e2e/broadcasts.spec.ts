/**
 * Issue #26, broadcasts: an admin writes a broadcast to Premium at /admin/siaran, previews it as the email
 * and as the Telegram message, and sends it; the broadcasts job (`npm run jobs -- --once --job broadcasts`,
 * a process of its own as in production) delivers it. Every Premium member gets exactly one email (the
 * outbox) and, when their Telegram is linked, one Telegram message (the Telegram stand-in); nobody else
 * gets anything. A second broadcast's job process is killed mid-send (SIGKILL) and started again: nobody
 * gets a message twice, and the console's counts add up.
 *
 * The server of its own runs on a PostgreSQL database of its own (dropped afterwards) holding only the demo
 * accounts and this story's members, so "every Premium member" is exactly the set it knows.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { openDatabase } from '../../src/server/db/client';
import { telegramLinks } from '../../src/server/db/schema';
import { loadDemoAccounts } from '../../src/server/demo/accounts';
import { createUser, grantTier } from '../factories/users';
import { DEMO, expect, signIn, test, type OutboxMail } from './fixtures';
import { TELEGRAM_E2E } from './telegram-env';
import { addDaysToInstant } from '../../src/domain/dates';
import { cliArgs } from '../cli';

test.describe.configure({ mode: 'default' });

const PORT = PORTS.broadcastsServer;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `telaah_broadcasts_${randomBytes(5).toString('hex')}`;
const DATABASE_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const STAND_IN = `http://127.0.0.1:${PORTS.telegram}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-broadcasts-'));
const run = promisify(execFile);
const marker = randomBytes(3).toString('hex');
/** The server's, the jobs' and the fixtures' "now", so that the memberships written here cover it. */
const SERVER_NOW = '2026-11-20T10:00:00+07:00';
let server: ChildProcess;
let log = '';

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL,
    DATA_DIR: dataDir,
    APP_URL: ORIGIN,
    APP_NOW: SERVER_NOW,
    NODE_ENV: 'test',
    AUTH_SECRET: 'broadcasts-secret-not-for-production-0123456789',
    JOBS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'error',
  };
  for (const k of Object.keys(e)) if (/^(STRIPE|MIDTRANS|SENTRY|TELEGRAM|SMTP|BROADCAST)_/.test(k)) delete e[k];
  return {
    ...e,
    TELEGRAM_BOT_TOKEN: TELEGRAM_E2E.token,
    TELEGRAM_BOT_USERNAME: TELEGRAM_E2E.username,
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_E2E.webhookSecret,
    TELEGRAM_API_ROOT: STAND_IN,
    ...extra,
  };
};

async function adminSql(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Person {
  email: string;
  /** Telegram user id when linked. */
  tg: number | null;
}
// Premium now: the demo admin and demo Premium member (no Telegram) and three of the story's own (linked).
const premium: Person[] = [
  { email: DEMO.admin, tg: null },
  { email: DEMO.premium, tg: null },
];
const others: Person[] = [
  { email: DEMO.reguler, tg: null },
  { email: DEMO.gratis, tg: null },
];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await adminSql(`CREATE DATABASE ${DB_NAME}`);
  const h = await openDatabase({ databaseUrl: DATABASE_URL, dataDir });
  try {
    const now = new Date(SERVER_NOW);
    await loadDemoAccounts(h.db, now);
    const start = addDaysToInstant(now, -1);
    const end = addDaysToInstant(now, 30);
    const base = 8_260_000 + Math.floor(Math.random() * 10_000) * 10;
    const make = async (tier: 'gratis' | 'reguler' | 'premium', i: number): Promise<Person> => {
      const u = await createUser(h.db, { email: `siaran-${marker}-${tier}-${i}@contoh.test`, name: `Siaran ${i}` });
      if (tier !== 'gratis') await grantTier(h.db, u.id, tier, start, end);
      const tg = base + i;
      await h.db
        .insert(telegramLinks)
        .values({ userId: u.id, telegramUserId: tg, firstName: 'Uji', via: 'widget', linkedAt: start });
      return { email: u.email, tg };
    };
    for (const i of [1, 2, 3]) premium.push(await make('premium', i));
    others.push(await make('reguler', 4), await make('gratis', 5));
  } finally {
    await h.close();
  }
  server = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start'], {
    env: { ...env(), PORT: String(PORT), HOST: '127.0.0.1' },
  });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 120_000, message: 'server start-up' }).toContain('Telaah is running');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await adminSql(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
});

/** One `npm run jobs -- --once --job broadcasts`; answers the job's summary (an info line). */
async function broadcastsJob(): Promise<string> {
  const job = await run(process.execPath, cliArgs('jobs', '--once', '--job', 'broadcasts'), {
    env: env({ LOG_LEVEL: 'info' }),
  });
  const line = job.stdout.split('\n').find((l) => l.includes('"job broadcasts'));
  expect(line, `${job.stdout}\n${job.stderr}`).toContain('"msg":"job broadcasts done"');
  return String(JSON.parse(line!).summary);
}

/**
 * The outbox's messages titled `title`. A file the killed job was writing may be cut short: it is not a
 * message (fixtures' outbox() would throw on it).
 */
function mailsOf(title: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail];
      } catch {
        return [];
      }
    })
    .filter((m) => m.subject === title);
}

/** How many emails and Telegram messages of the broadcast titled `title` each address got. */
async function received(title: string): Promise<{ mail: Map<string, number>; telegram: Map<number, number> }> {
  const mail = new Map<string, number>();
  for (const m of mailsOf(title)) mail.set(m.to, (mail.get(m.to) ?? 0) + 1);
  const calls = (await (await fetch(`${STAND_IN}/__calls?method=sendMessage`)).json()) as {
    params: { chat_id?: number | string; text?: string; parse_mode?: string };
  }[];
  const telegram = new Map<number, number>();
  for (const c of calls.filter((x) => String(x.params.text).startsWith(`<b>${title}</b>`))) {
    const id = Number(c.params.chat_id);
    telegram.set(id, (telegram.get(id) ?? 0) + 1);
  }
  return { mail, telegram };
}

async function composeAndSend(page: import('@playwright/test').Page, title: string): Promise<void> {
  await page.goto('/admin/siaran');
  await page.getByLabel('Judul (subjek email, baris pertama Telegram)').fill(title);
  await page
    .getByLabel('Pesan (Markdown)')
    .fill(
      'Kelas langsung **malam ini pukul 19.30 WIB**.\n\n- Tanya jawab\n- Studi kasus BBCA\n\n[Daftar](https://telaah.test/kelas) <b>bukan tag</b>',
    );
  await page.getByLabel('Anggota paket Premium').check();
  await page.getByRole('button', { name: 'Pratinjau' }).click();
  const email = page.locator('[aria-label="Pratinjau email"]');
  await expect(email).toContainText(`subjek: ${title}`);
  await expect(email.locator('b', { hasText: 'malam ini pukul 19.30 WIB' })).toBeVisible();
  await expect(email.getByRole('listitem')).toHaveText(['Tanya jawab', 'Studi kasus BBCA']);
  await expect(email.getByRole('link', { name: 'Daftar' })).toHaveAttribute('href', 'https://telaah.test/kelas');
  await expect(email).toContainText('<b>bukan tag</b>');
  const telegram = page.locator('[aria-label="Pratinjau Telegram"]');
  await expect(telegram).toContainText('• Tanya jawab');
  await expect(telegram.locator('b', { hasText: title })).toBeVisible();
  // Five Premium members: five emails, three Telegram messages (the demo accounts have no Telegram).
  await expect(page.locator('[aria-label="Pratinjau siaran"]')).toContainText(
    'Akan dikirim ke 5 anggota: 5 email, 3 pesan Telegram; 2 dilewati',
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, '/admin/siaran scrolls sideways').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Kirim ke 5 anggota' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Siaran “${title}” dikirim ke antrean: 8 pesan akan dikirim, 2 dilewati.`,
  );
}

test('siaran ke Premium sampai ke setiap anggota Premium sekali lewat email dan Telegram, tidak ke yang lain', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ctx = await browser.newContext({ baseURL: ORIGIN });
  const page = await ctx.newPage();
  await signIn(page, DEMO.admin);
  const title = `Kelas langsung ${marker}`;
  await composeAndSend(page, title);

  expect(await broadcastsJob()).toBe('1 broadcasts: 8 sent, 0 skipped, 0 failed, 0 uncertain after a crash, 0 left');
  const got = await received(title);
  expect(got.mail).toEqual(new Map(premium.map((p) => [p.email, 1])));
  expect(got.telegram).toEqual(new Map(premium.filter((p) => p.tg).map((p) => [p.tg!, 1])));
  for (const o of others) {
    expect(got.mail.has(o.email)).toBe(false);
    if (o.tg) expect(got.telegram.has(o.tg)).toBe(false);
  }
  const mail = mailsOf(title).find((m) => m.to === premium[2]!.email)!;
  expect(mail.text).toContain('Kelas langsung malam ini pukul 19.30 WIB.');
  expect(mail.text).toContain('Berhenti menerima pengumuman lewat email (satu klik)');
  expect(mail.html).not.toContain('<b>bukan tag</b>');

  await page.goto('/admin/siaran');
  const item = page.getByRole('listitem', { name: title });
  await expect(item).toContainText('selesai · terkirim 8 · dilewati 2 · gagal 0 · tidak pasti 0 · menunggu 0');
  await expect(item).toContainText('2 × Akun Telegram belum ditautkan');
  // A second job run finds nothing to send.
  expect(await broadcastsJob()).toBe('no broadcast to send');
  await ctx.close();
});

test('pengiriman yang terputus (proses dimatikan) lalu dijalankan ulang tidak mengirim ganda', async ({ browser }) => {
  test.setTimeout(180_000);
  // On a 375 px phone this time: the console and its preview must not scroll sideways.
  const ctx = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 375, height: 800 } });
  const page = await ctx.newPage();
  await signIn(page, DEMO.admin);
  const title = `Kelas ulangan ${marker}`;
  await composeAndSend(page, title);

  // A slow job (one email every 1.5 s) killed with SIGKILL once the first messages are out.
  const job = spawn(process.execPath, cliArgs('jobs', '--once', '--job', 'broadcasts'), {
    env: env({ BROADCAST_EMAILS_PER_SECOND: '0.66' }),
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise((r) => job.once('exit', r));
  await expect
    .poll(
      async () => {
        const r = await received(title);
        return [...r.mail.values(), ...r.telegram.values()].length;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(3);
  process.kill(-job.pid!, 'SIGKILL');
  await exited;
  const before = await received(title);
  const sentBefore = [...before.mail.values(), ...before.telegram.values()].length;
  expect(sentBefore, 'killed before the end').toBeLessThan(8);

  const summary = await broadcastsJob();
  expect(summary).toMatch(/^1 broadcasts: \d+ sent, 0 skipped, 0 failed, [01] uncertain after a crash, 0 left$/);
  const after = await received(title);
  for (const [who, n] of [...after.mail, ...after.telegram]) expect(n, `messages to ${who}`).toBe(1);
  for (const o of others) expect(after.mail.has(o.email)).toBe(false);
  const uncertain = Number(/(\d) uncertain/.exec(summary)![1]);
  // Every row went out once, except one cut off between claim and mark if the kill fell there.
  expect(after.mail.size + after.telegram.size).toBeGreaterThanOrEqual(8 - uncertain);

  await page.goto('/admin/siaran');
  const item = page.getByRole('listitem', { name: title });
  await expect(item).toContainText('selesai');
  await expect(item).toContainText(`tidak pasti ${uncertain} · menunggu 0`);
  await ctx.close();
});
