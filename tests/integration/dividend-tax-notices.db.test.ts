/**
 * Dividend-tax reminders through the notices job, a real SMTP server and the Bot API stand-in: seven
 * days and one day before the self-payment and investment deadlines of an undecided dividend, each
 * once per dividend, deadline and lead, and none once the member decided.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.AUTH_SECRET = 'dividend-tax-notices-secret-0123456789';

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { corporateActions, emiten, telegramLinks } from '../../src/server/db/schema';
import { sendMail } from '../../src/server/integrations/mail';
import { createTelegram } from '../../src/server/integrations/telegram';
import { runNotices } from '../../src/server/services/notifications';
import { defaultSources } from '../../src/server/services/notifications';
import { setDividendDecision } from '../../src/server/services/portfolio';
import { createTestPortfolio, createTrade } from '../factories/portfolio';
import { createUser } from '../factories/users';
import { startSmtpStandIn, type SmtpStandIn } from '../stand-ins/smtp';
import { startTelegramStandIn, type TelegramStandIn } from '../stand-ins/telegram';

let h: DbHandle;
let smtp: SmtpStandIn;
let standIn: TelegramStandIn;
const contentDir = mkdtempSync(path.join(tmpdir(), 'telaah-tax-content-'));
const member: Record<'A' | 'B', { id: string; email: string; portfolioId: string }> = {} as never;

const at = (day: string) => new Date(`${day}T10:00:00+07:00`);

async function run(day: string) {
  const tg = createTelegram({ token: '123456:taxnotices', username: 'TelaahTestBot', apiRoot: standIn.url });
  const summary = await runNotices({
    db: h.db,
    now: at(day),
    appUrl: 'https://telaah.test',
    contentDir,
    sources: defaultSources(h.db),
    senders: { mail: sendMail, telegram: (chatId, text) => tg.sendMessage(chatId, text) },
  });
  return summary['dividend-tax'];
}

const subjectsTo = (who: 'A' | 'B') =>
  smtp
    .messages()
    .filter((m) => m.to.includes(member[who].email))
    .map((m) => m.subject);

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  standIn = await startTelegramStandIn();
  h = await createTestDb();
  await h.db.insert(emiten).values({
    ticker: 'TLKM',
    name: 'PT Telkom Indonesia (Persero) Tbk',
    sector: 'Infrastruktur',
    subSector: 'Telekomunikasi',
    board: 'Utama',
    listingDate: '1995-11-14',
    sharesOutstanding: 1,
  });
  // Rp 100 × 10 000 shares = Rp 1.000.000 received 20 May 2026.
  await h.db.insert(corporateActions).values({
    ticker: 'TLKM',
    type: 'dividend',
    cumDate: '2026-04-28',
    exDate: '2026-04-29',
    recordingDate: '2026-04-30',
    paymentDate: '2026-05-20',
    amount: '100',
  });
  for (const [key, tg] of [
    ['A', 820_001],
    ['B', 820_002],
  ] as const) {
    const u = await createUser(h.db, { email: `${key.toLowerCase()}@tax-notices.test`, name: `Anggota ${key}` });
    await h.db
      .insert(telegramLinks)
      .values({ userId: u.id, telegramUserId: tg, firstName: key, via: 'start', linkedAt: at('2026-01-01') });
    const p = await createTestPortfolio(h.db, u.id, 'Utama');
    await createTrade(h.db, u.id, p.id, {
      date: '2026-01-05',
      ticker: 'TLKM',
      type: 'buy',
      shares: '10000',
      price: '3000',
    });
    member[key] = { id: u.id, email: u.email, portfolioId: p.id };
  }
});
afterAll(async () => {
  await smtp.close();
  await standIn.close();
  await h.close();
});

describe('dividend-tax reminders', () => {
  it('reminds seven days before the self-payment deadline, once', async () => {
    expect(await run('2026-06-07')).toEqual({ sent: 0, skipped: 0, failed: 0 });
    // Two members, email and Telegram each.
    expect(await run('2026-06-08')).toEqual({ sent: 4, skipped: 0, failed: 0 });
    expect(subjectsTo('A')).toEqual(['Batas setor PPh dividen TLKM: 15 Juni 2026']);
    const mail = smtp.messages().find((m) => m.to.includes(member.A.email))!;
    expect(mail.text).toContain('Rp 100.000');
    expect(mail.text).toContain('/portofolio/dividen/pajak?portofolio=');
    // Reruns inside the window find the notices claimed already (the unique key) and send nothing.
    expect(await run('2026-06-08')).toEqual({ sent: 0, skipped: 4, failed: 0 });
    expect(await run('2026-06-10')).toEqual({ sent: 0, skipped: 4, failed: 0 });
    expect(subjectsTo('A')).toHaveLength(1);
  });

  it('reminds again one day before, once', async () => {
    expect(await run('2026-06-14')).toEqual({ sent: 4, skipped: 0, failed: 0 });
    expect(await run('2026-06-15')).toEqual({ sent: 0, skipped: 4, failed: 0 });
    expect(await run('2026-06-16')).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(subjectsTo('B')).toEqual([
      'Batas setor PPh dividen TLKM: 15 Juni 2026',
      'Batas setor PPh dividen TLKM: 15 Juni 2026',
    ]);
  });

  it('reminds of the investment deadline only members who have not decided', async () => {
    const decided = await setDividendDecision(
      h.db,
      member.A.id,
      { portfolioId: member.A.portfolioId, dividendKey: 'ca:TLKM:2026-04-28', choice: 'reinvested' },
      '2026-11-20',
    );
    expect(decided).toMatchObject({ ok: true });
    expect(await run('2027-03-24')).toEqual({ sent: 2, skipped: 0, failed: 0 });
    expect(subjectsTo('A')).toHaveLength(2);
    expect(subjectsTo('B').at(-1)).toBe('Batas investasi dividen TLKM: 31 Maret 2027');
    expect(await run('2027-03-30')).toEqual({ sent: 2, skipped: 0, failed: 0 });
    expect(await run('2027-03-31')).toEqual({ sent: 0, skipped: 2, failed: 0 });
    expect(await run('2027-04-01')).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(subjectsTo('B')).toHaveLength(4);
  });
});
