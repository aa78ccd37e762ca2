/**
 * `npm run jobs -- --once`, run twice as an operator would, with the clock set by APP_NOW, against a
 * real SMTP server and the Bot API stand-in: the lapsed member is removed from the group once, and
 * each notice type goes out once on the right channels (holdings and course progress recorded through
 * the portfolio and courses features).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/db';
import { migratedDataDir } from '../tests/migrated-data-dir';
import { openDatabase, type Db } from '../src/server/db/client';
import { contentSeen, corporateActions, emiten, telegramGroupMembers, telegramLinks } from '../src/server/db/schema';
// The file, not the courses index: the index reaches the lessons' content collection (`astro:content`),
// which only Astro's build resolves, not this test's Vite.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- see above
import { setLessonDone } from '../src/server/services/courses/progress';
import { createTestPortfolio, createTrade } from '../tests/factories/portfolio';
import { createUser, grantTier } from '../tests/factories/users';
import { setPref } from '../src/server/services/notifications';
import { startSmtpStandIn, type SmtpStandIn } from '../tests/stand-ins/smtp';
import { startTelegramStandIn, type TelegramStandIn } from '../tests/stand-ins/telegram';
import { DAY_MS } from '../src/domain/dates';
import { cliArgs } from '../tests/cli';

const run = promisify(execFile);
const ROOT = process.cwd();
const APP_NOW = '2026-11-20T10:00:00+07:00';
const T0 = new Date(APP_NOW);
const REGULER_CHAT = '-1003001';
const PREMIUM_CHAT = '-1003002';

let smtp: SmtpStandIn;
let standIn: TelegramStandIn;
let pg: TestDb | undefined;
let dataDir: string;
let contentDir: string;
const tg = { lapsed: 910_001, premium: 910_002, ending: 910_003 };

async function jobsOnce(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
    NODE_ENV: 'test',
    APP_NOW,
    APP_URL: 'https://telaah.test',
    AUTH_SECRET: 'jobs-cli-test-secret-0123456789',
    DATA_DIR: dataDir,
    CONTENT_DIR: contentDir,
    SMTP_URL: smtp.url,
    TELEGRAM_BOT_TOKEN: '123456:jobs-cli',
    TELEGRAM_BOT_USERNAME: 'TelaahTestBot',
    TELEGRAM_API_ROOT: standIn.url,
    TELEGRAM_GROUP_REGULER_ID: REGULER_CHAT,
    TELEGRAM_GROUP_PREMIUM_ID: PREMIUM_CHAT,
  };
  if (pg?.databaseUrl) env.DATABASE_URL = pg.databaseUrl;
  else delete env.DATABASE_URL;
  try {
    const r = await run(process.execPath, cliArgs('jobs', '--once'), {
      cwd: ROOT,
      env,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function seed(db: Db): Promise<void> {
  const link = async (userId: string, telegramUserId: number) =>
    db.insert(telegramLinks).values({
      userId,
      telegramUserId,
      firstName: 'Anggota',
      via: 'start',
      linkedAt: new Date(T0.getTime() - 60 * DAY_MS),
    });
  const lapsed = await createUser(db, { email: 'lapsed@jobs.test', name: 'Lina Lewat' });
  await grantTier(db, lapsed.id, 'reguler', new Date(T0.getTime() - 40 * DAY_MS), new Date(T0.getTime() - DAY_MS));
  await link(lapsed.id, tg.lapsed);
  const premium = await createUser(db, { email: 'premium@jobs.test', name: 'Putra Premium' });
  await grantTier(
    db,
    premium.id,
    'premium',
    new Date(T0.getTime() - 40 * DAY_MS),
    new Date(T0.getTime() + 200 * DAY_MS),
  );
  await link(premium.id, tg.premium);
  const ending = await createUser(db, { email: 'ending@jobs.test', name: 'Eko Berakhir' });
  await grantTier(db, ending.id, 'reguler', new Date(T0.getTime() - 23 * DAY_MS), new Date(T0.getTime() + 7 * DAY_MS));
  await link(ending.id, tg.ending);
  await db.insert(telegramGroupMembers).values([
    {
      telegramUserId: tg.lapsed,
      group: 'reguler',
      userId: lapsed.id,
      approvedAt: new Date(T0.getTime() - 30 * DAY_MS),
    },
    {
      telegramUserId: tg.premium,
      group: 'premium',
      userId: premium.id,
      approvedAt: new Date(T0.getTime() - 30 * DAY_MS),
    },
    {
      telegramUserId: tg.ending,
      group: 'reguler',
      userId: ending.id,
      approvedAt: new Date(T0.getTime() - 20 * DAY_MS),
    },
  ]);
  const reader = await createUser(db, { email: 'reader@jobs.test', name: 'Rina Pembaca' });
  await setPref(db, reader.id, 'analysis-any', 'email', true, T0);
  await setPref(db, premium.id, 'analysis-any', 'telegram', false, T0);

  // Putra holds TLKM (portfolio feature), which has a new analysis and a cum date two trading days ahead.
  await db.insert(emiten).values({
    ticker: 'TLKM',
    name: 'PT Telkom Indonesia (Persero) Tbk',
    sector: 'Infrastruktur',
    subSector: 'Telekomunikasi',
    board: 'Utama',
    listingDate: '1995-11-14',
    sharesOutstanding: 99_062_216_600,
  });
  await db.insert(corporateActions).values({
    ticker: 'TLKM',
    type: 'dividend',
    cumDate: '2026-11-24',
    exDate: '2026-11-25',
    paymentDate: '2026-12-15',
    amount: '85.5',
  });
  const portfolio = await createTestPortfolio(db, premium.id);
  await createTrade(db, premium.id, portfolio.id, {
    date: '2026-03-02',
    ticker: 'TLKM',
    type: 'beli',
    shares: 1000,
    price: 3500,
  });
  // Rina started the course (courses feature) before its second lesson was published.
  await setLessonDone(db, {
    userId: reader.id,
    courseId: 'kursus-a',
    lessonSlug: '01-pertama',
    done: true,
    at: new Date(T0.getTime() - 2 * DAY_MS),
  });
  // An earlier run already saw the first lesson.
  await db.insert(contentSeen).values({
    kind: 'lesson',
    key: 'kursus-a/01-pertama',
    firstSeenAt: new Date(T0.getTime() - 30 * DAY_MS),
    announce: false,
  });
}

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  standIn = await startTelegramStandIn();
  // Embedded: a migrated folder, as after a first start (on PostgreSQL it holds the outbox only).
  dataDir = process.env.TEST_DATABASE_URL
    ? mkdtempSync(path.join(tmpdir(), 'telaah-jobs-'))
    : await migratedDataDir('telaah-jobs-');
  contentDir = mkdtempSync(path.join(tmpdir(), 'telaah-jobs-content-'));
  mkdirSync(path.join(contentDir, 'analisis', 'TLKM'), { recursive: true });
  writeFileSync(
    path.join(contentDir, 'analisis', 'TLKM', 'data-center-2026.mdx'),
    '---\ntitle: "TLKM: data center jadi mesin baru"\ndate: 2026-11-19\nauthor: Analis\nemiten: TLKM\nrating: beli\ntargetPrice: 3900\nhorizon: 12\ntier: reguler\nsummary: "Ringkasan TLKM."\n---\n\n## Tesis\n\nTeks.\n',
  );
  const course = path.join(contentDir, 'courses', 'kursus-a');
  mkdirSync(course, { recursive: true });
  writeFileSync(
    path.join(course, 'index.mdx'),
    '---\ntitle: Kursus A\nlevel: pemula\ntier: gratis\ndescription: d\ncover: /c.svg\nduration: 10\n---\n',
  );
  writeFileSync(path.join(course, '01-pertama.mdx'), '---\ntitle: Pelajaran pertama\nduration: 5\n---\n\nTeks.\n');
  writeFileSync(path.join(course, '02-kedua.mdx'), '---\ntitle: Pelajaran kedua\nduration: 5\n---\n\nTeks.\n');
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDb();
    await seed(pg.db);
  } else {
    const handle = await openDatabase({ dataDir });
    await seed(handle.db);
    await handle.close();
  }
}, 60_000);

afterAll(async () => {
  await smtp.close();
  await standIn.close();
  await pg?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

describe('npm run jobs -- --once', () => {
  it('removes the lapsed member and sends each notice type once over two runs', { timeout: 120_000 }, async () => {
    const first = await jobsOnce();
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; summary: string });
    expect(lines.map((l) => l.msg)).toEqual([
      'job telegram-removals done',
      'job notices done',
      'job housekeeping done',
      'job market-update done',
      'job broadcasts done',
    ]);
    expect(lines[0]!.summary).toBe('3 checked, 1 removed, 0 failed');

    const removals = () =>
      standIn.calls().filter((c) => c.method === 'banChatMember' || c.method === 'unbanChatMember');
    expect(removals().map((c) => `${c.method} ${c.params.chat_id} ${c.params.user_id}`)).toEqual([
      `banChatMember ${REGULER_CHAT} ${tg.lapsed}`,
      `unbanChatMember ${REGULER_CHAT} ${tg.lapsed}`,
    ]);
    const messagesTo = (id: number) =>
      standIn
        .calls('sendMessage')
        .filter((c) => c.params.chat_id === id)
        .map((c) => String(c.params.text));
    expect(messagesTo(tg.lapsed)[0]).toContain('kami keluarkan dari grup');
    expect(
      messagesTo(tg.ending)
        .map((t) => t.split('\n')[0])
        .sort(),
    ).toEqual(['Analisis baru: TLKM: data center jadi mesin baru', 'Keanggotaan Reguler Anda berakhir 7 hari lagi']);
    expect(
      messagesTo(tg.premium)
        .map((t) => t.split('\n')[0])
        .sort(),
    ).toEqual([
      'Analisis baru TLKM (saham Anda): TLKM: data center jadi mesin baru',
      'Pengingat dividen TLKM: cum date 24 November 2026',
    ]);
    expect(lines[1]!.summary).toBe(
      'analysis-holding 2 sent/0 already/0 failed, analysis-any 3 sent/0 already/0 failed, dividend-reminder 2 sent/0 already/0 failed, dividend-tax 0 sent/0 already/0 failed, membership-ending 2 sent/0 already/0 failed, lesson-new 1 sent/0 already/0 failed, status-change 0 sent/0 already/0 failed, rights-deadline 0 sent/0 already/0 failed',
    );

    const mails = smtp
      .messages()
      .map((m) => `${m.to.join(',')}: ${m.subject}`)
      .sort();
    expect(mails).toEqual([
      'ending@jobs.test: Keanggotaan Reguler Anda berakhir 7 hari lagi',
      'premium@jobs.test: Analisis baru TLKM (saham Anda): TLKM: data center jadi mesin baru',
      'premium@jobs.test: Pengingat dividen TLKM: cum date 24 November 2026',
      'reader@jobs.test: Analisis baru: TLKM: data center jadi mesin baru',
      'reader@jobs.test: Pelajaran baru di kursus Kursus A: Pelajaran kedua',
    ]);
    expect(smtp.messages().every((m) => m.text.includes('https://telaah.test/api/notifications/unsubscribe?'))).toBe(
      true,
    );

    const counts = { calls: standIn.calls().length, mails: smtp.messages().length };
    const second = await jobsOnce();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('2 checked, 0 removed, 0 failed');
    expect(second.stdout).toContain(
      'analysis-holding 0 sent/2 already/0 failed, analysis-any 0 sent/3 already/0 failed, dividend-reminder 0 sent/2 already/0 failed, dividend-tax 0 sent/0 already/0 failed, membership-ending 0 sent/2 already/0 failed, lesson-new 0 sent/1 already/0 failed',
    );
    expect(standIn.calls().length).toBe(counts.calls);
    expect(smtp.messages().length).toBe(counts.mails);
  });
});
