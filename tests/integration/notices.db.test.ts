/**
 * The notices job against a real SMTP server and the Bot API stand-in: each notice type reaches the
 * right members on the right channels once, reruns send nothing twice, a toggle turned off stops it.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.AUTH_SECRET = 'notices-test-secret-0123456789';

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { corporateActions, emiten, telegramLinks } from '../../src/server/db/schema';
import { sendMail } from '../../src/server/integrations/mail';
import { createTelegram } from '../../src/server/integrations/telegram';
import { runNotices, type NoticeSummary } from '../../src/server/services/notifications';
import { setPref } from '../../src/server/services/notifications';
import { verifyUnsubscribe } from '../../src/server/services/notifications';
import { defaultSources } from '../../src/server/services/notifications';
// The file, not the courses index: the index reaches the lessons' content collection (`astro:content`),
// which only Astro's build resolves, not this test's Vite.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- see above
import { setLessonDone } from '../../src/server/services/courses/progress';
import { createTestPortfolio, createTrade } from '../factories/portfolio';
import { createUser, grantTier } from '../factories/users';
import { startSmtpStandIn, type SmtpStandIn } from '../stand-ins/smtp';
import { startTelegramStandIn, type TelegramStandIn } from '../stand-ins/telegram';

const T0 = new Date('2026-11-20T10:00:00+07:00'); // a Friday
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: DbHandle;
let smtp: SmtpStandIn;
let standIn: TelegramStandIn;
let contentDir: string;
const ids: Record<'A' | 'B' | 'C' | 'D' | 'E', { id: string; email: string; tg?: number }> = {} as never;

function mdx(file: string, frontmatter: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `---\n${frontmatter.trim()}\n---\n\n## Isi\n\nTeks.\n`);
}

async function run(now: Date): Promise<NoticeSummary> {
  const tg = createTelegram({ token: '123456:notices', username: 'TelaahTestBot', apiRoot: standIn.url });
  return runNotices({
    db: h.db,
    now,
    appUrl: 'https://telaah.test',
    contentDir,
    sources: defaultSources(h.db),
    senders: { mail: sendMail, telegram: (chatId, text) => tg.sendMessage(chatId, text) },
  });
}

const mailsTo = (who: keyof typeof ids) => smtp.messages().filter((m) => m.to.includes(ids[who].email));
const telegramTo = (who: keyof typeof ids) =>
  standIn
    .calls('sendMessage')
    .filter((c) => c.params.chat_id === ids[who].tg)
    .map((c) => String(c.params.text));

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  standIn = await startTelegramStandIn();
  h = await createTestDb();
  contentDir = mkdtempSync(path.join(tmpdir(), 'telaah-content-'));
  mdx(
    path.join(contentDir, 'analisis/BBCA/baru.mdx'),
    `
title: "BBCA: laba naik"
date: 2026-11-20
author: Analis
emiten: BBCA
rating: beli
targetPrice: 11000
horizon: 12
tier: premium
summary: "Ringkasan BBCA terbaru."`,
  );
  mdx(
    path.join(contentDir, 'analisis-non-emiten/makro-baru.mdx'),
    `
title: "BI rate turun"
date: 2026-11-19
author: Analis
category: makro
tier: premium
summary: "Ringkasan makro."`,
  );
  mdx(
    path.join(contentDir, 'analisis-non-emiten/lama.mdx'),
    `
title: "Lama"
date: 2026-11-01
author: Analis
category: emas
tier: gratis
summary: "Sudah lama."`,
  );
  mdx(
    path.join(contentDir, 'courses/kursus-a/index.mdx'),
    'title: Kursus A\nlevel: pemula\ntier: gratis\ndescription: d\ncover: /c.svg\nduration: 10',
  );
  mdx(path.join(contentDir, 'courses/kursus-a/01-pertama.mdx'), 'title: Pelajaran pertama\nduration: 5');

  const listed = {
    sector: 'Keuangan',
    subSector: 'Bank',
    board: 'Utama',
    listingDate: '2000-05-31',
    sharesOutstanding: 1,
  };
  await h.db.insert(emiten).values([
    { ticker: 'BBCA', name: 'PT Bank Central Asia Tbk', ...listed },
    { ticker: 'TLKM', name: 'PT Telkom Indonesia (Persero) Tbk', ...listed },
  ]);
  /** Holdings through the portfolio feature, as members record them. */
  const trade = async (userId: string, ...trades: [string, 'beli' | 'jual', number][]) => {
    const p = await createTestPortfolio(h.db, userId);
    for (const [ticker, type, shares] of trades) {
      await createTrade(h.db, userId, p.id, { date: '2026-03-02', ticker, type, shares, price: 9000 });
    }
  };
  /** Course progress through the courses feature. */
  const startCourse = (userId: string, at: Date) =>
    setLessonDone(h.db, { userId, courseId: 'kursus-a', lessonSlug: '01-pertama', done: true, at });
  await h.db.insert(corporateActions).values([
    {
      ticker: 'BBCA',
      type: 'dividend',
      cumDate: '2026-11-25',
      exDate: '2026-11-26',
      paymentDate: '2026-12-10',
      amount: '42.5',
    },
    {
      ticker: 'BBCA',
      type: 'dividend',
      cumDate: '2026-11-26',
      exDate: '2026-11-27',
      paymentDate: '2026-12-11',
      amount: '10',
    },
  ]);

  const make = async (key: keyof typeof ids, opts: { verified?: boolean; tg?: number } = {}) => {
    const u = await createUser(h.db, {
      email: `${key.toLowerCase()}@notices.test`,
      name: `Anggota ${key}`,
      verified: opts.verified,
    });
    ids[key] = { id: u.id, email: u.email, tg: opts.tg };
    if (opts.tg)
      await h.db
        .insert(telegramLinks)
        .values({ userId: u.id, telegramUserId: opts.tg, firstName: key, via: 'start', linkedAt: T0 });
    return u.id;
  };
  const a = await make('A', { tg: 810_001 });
  await grantTier(h.db, a, 'premium', new Date(T0.getTime() - 30 * DAY), new Date(T0.getTime() + 300 * DAY));
  await trade(a, ['BBCA', 'beli', 500], ['TLKM', 'beli', 1000]);
  const b = await make('B');
  await setPref(h.db, b, 'analysis-any', 'email', true, T0);
  // B sold everything: no longer "holds" BBCA.
  await trade(b, ['BBCA', 'beli', 100], ['BBCA', 'jual', 100]);
  await startCourse(b, new Date(T0.getTime() - DAY));
  const c = await make('C', { tg: 810_003 });
  await grantTier(h.db, c, 'reguler', new Date(T0.getTime() - 23 * DAY), new Date(T0.getTime() + 7 * DAY));
  const d = await make('D', { verified: false });
  await setPref(h.db, d, 'analysis-any', 'email', true, T0);
  const e = await make('E', { tg: 810_005 });
  await setPref(h.db, e, 'analysis-holding', 'email', false, T0);
  await setPref(h.db, e, 'analysis-holding', 'telegram', false, T0);
  await trade(e, ['BBCA', 'beli', 200]);
  // A starts the course only after the new lesson appeared: not "new" to A.
  await startCourse(a, new Date(T0.getTime() + 2 * HOUR));
});
afterAll(async () => {
  await smtp.close();
  await standIn.close();
  await h.close();
});

describe('notices job', () => {
  it('sends each notice once to the right members and channels, and nothing on a rerun', async () => {
    const first = await run(T0);
    expect(first['analysis-holding']).toEqual({ sent: 2, skipped: 0, failed: 0 });
    expect(first['analysis-any']).toEqual({ sent: 7, skipped: 0, failed: 0 });
    expect(first['dividend-reminder']).toEqual({ sent: 4, skipped: 0, failed: 0 });
    expect(first['membership-ending']).toEqual({ sent: 2, skipped: 0, failed: 0 });
    expect(first['lesson-new']).toEqual({ sent: 0, skipped: 0, failed: 0 });

    expect(
      mailsTo('A')
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'Analisis baru BBCA (saham Anda): BBCA: laba naik',
      'Pengingat dividen BBCA: cum date 25 November 2026',
    ]);
    expect(telegramTo('A')).toHaveLength(3);
    expect(telegramTo('A').join('\n')).toContain('BI rate turun');
    expect(
      mailsTo('B')
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Analisis baru: BBCA: laba naik', 'Analisis baru: BI rate turun']);
    expect(mailsTo('B')[0]!.text).toContain('khusus anggota Premium');
    expect(mailsTo('C').map((m) => m.subject)).toEqual(['Keanggotaan Reguler Anda berakhir 7 hari lagi']);
    expect(telegramTo('C')).toHaveLength(3);
    expect(mailsTo('D')).toEqual([]);
    expect(mailsTo('E').map((m) => m.subject)).toEqual(['Pengingat dividen BBCA: cum date 25 November 2026']);
    expect(telegramTo('E').filter((t) => t.includes('saham Anda'))).toEqual([]);
    expect(telegramTo('E')).toHaveLength(3);

    const dividend = mailsTo('A').find((m) => m.subject.startsWith('Pengingat dividen'))!;
    expect(dividend.text).toContain('Halo Anggota A,');
    expect(dividend.text).toContain(
      'Cum date dividen BBCA (PT Bank Central Asia Tbk) jatuh 25 November 2026 (3 hari bursa lagi). Dividen tunai Rp 42,5 per saham, dibayarkan 10 Desember 2026.',
    );
    expect(dividend.html).toContain('<a href="https://telaah.test/portofolio/dividen"');

    const before = { mails: smtp.messages().length, telegram: standIn.calls('sendMessage').length };
    const second = await run(new Date(T0.getTime() + HOUR));
    expect(Object.values(second).reduce((n, s) => n + s.sent + s.failed, 0)).toBe(0);
    expect(smtp.messages().length).toBe(before.mails);
    expect(standIn.calls('sendMessage').length).toBe(before.telegram);
  });

  it('puts a signed one-click unsubscribe link for its event in every email', () => {
    for (const m of smtp.messages()) {
      const url = /Berhenti menerima email jenis ini \(satu klik\): (\S+)/.exec(m.text)?.[1];
      expect(url, m.subject).toBeDefined();
      expect(m.headers['list-unsubscribe']).toBe(`<${url}>`);
      expect(m.html).toContain('Berhenti menerima email jenis ini');
      const link = verifyUnsubscribe(new URL(url!).searchParams);
      expect(link?.userId).toBe(Object.values(ids).find((i) => m.to.includes(i.email))!.id);
      const forged = new URL(url!);
      forged.searchParams.set('e', link!.event === 'analysis-any' ? 'dividend-reminder' : 'analysis-any');
      expect(verifyUnsubscribe(forged.searchParams)).toBeNull();
    }
  });

  it('tells members who started a course about a lesson that appears after the first run', async () => {
    cpSync(
      path.join(contentDir, 'courses/kursus-a/01-pertama.mdx'),
      path.join(contentDir, 'courses/kursus-a/02-kedua.mdx'),
    );
    writeFileSync(
      path.join(contentDir, 'courses/kursus-a/02-kedua.mdx'),
      '---\ntitle: Pelajaran kedua\nduration: 7\n---\n\nTeks.\n',
    );
    const third = await run(new Date(T0.getTime() + HOUR));
    expect(third['lesson-new']).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const lesson = mailsTo('B').find((m) => m.subject.startsWith('Pelajaran baru'))!;
    expect(lesson.subject).toBe('Pelajaran baru di kursus Kursus A: Pelajaran kedua');
    expect(lesson.text).toContain('https://telaah.test/courses/kursus-a');
    expect((await run(new Date(T0.getTime() + 2 * HOUR)))['lesson-new'].sent).toBe(0);
  });

  it('stops a notice on a channel the member turned off', async () => {
    await setPref(h.db, ids.C.id, 'membership-ending', 'email', false, T0);
    const mails = mailsTo('C').length;
    const lastDay = await run(new Date(T0.getTime() + 6 * DAY));
    expect(lastDay['membership-ending']).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(mailsTo('C')).toHaveLength(mails);
    expect(telegramTo('C').at(-1)).toContain('Keanggotaan Reguler Anda berakhir besok');
  });

  it('gives a claim back when the Bot API fails, and sends it on the next run', async () => {
    const u = await createUser(h.db, { email: 'f@notices.test' });
    await h.db
      .insert(telegramLinks)
      .values({ userId: u.id, telegramUserId: 810_009, firstName: 'F', via: 'start', linkedAt: T0 });
    await grantTier(h.db, u.id, 'reguler', T0, new Date(T0.getTime() + 8 * DAY + HOUR));
    await setPref(h.db, u.id, 'membership-ending', 'email', false, T0);
    await setPref(h.db, u.id, 'analysis-any', 'telegram', false, T0);
    standIn.failNext('sendMessage', 502, 'Bad Gateway');
    const at = new Date(T0.getTime() + DAY + 2 * HOUR);
    expect((await run(at))['membership-ending']).toMatchObject({ sent: 0, failed: 1 });
    expect((await run(at))['membership-ending']).toMatchObject({ sent: 1, failed: 0 });
  });
});
