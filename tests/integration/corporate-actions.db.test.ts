/**
 * Rights, warrants, tender offers and IDX status flags through the services (docs/product.md §5.6, §5.7):
 * the market import loads warrants, rights periods and status columns; members record the new kinds by
 * form and by CSV; holdings and the holding page carry the flags; a status change on a held stock and a
 * rights deadline each send exactly one notice, however often the job runs.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.AUTH_SECRET = 'corporate-test-secret-0123456789';

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { dailyPrices, emitenStatusChanges, notices } from '../../src/server/db/schema';
import { importMarketCsv } from '../../src/server/services/market-import';
import { sendMail } from '../../src/server/integrations/mail';
import { runNotices } from '../../src/server/services/notifications';
import { defaultSources } from '../../src/server/services/notifications';
import { statusFlags, rightsIssues } from '../../src/server/services/corporate';
import { holdingPage, holdingsReport, importTransactions } from '../../src/server/services/portfolio';
import { createTestPortfolio, createTrade } from '../factories/portfolio';
import { createUser } from '../factories/users';
import { startSmtpStandIn, type SmtpStandIn } from '../stand-ins/smtp';
import { and, eq } from 'drizzle-orm';

const TODAY = '2026-03-13';
const EVENING = new Date('2026-03-13T19:00:00+07:00');

let h: DbHandle;
let smtp: SmtpStandIn;
let contentDir: string;
let holder: { id: string; email: string };
let other: { id: string; email: string };

const EMITEN_HEADER = 'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding';
const emitenRow = (t: string, board = 'Utama') => `${t},PT ${t} Tbk,Keuangan,Bank,${board},2010-01-04,1000000000`;

async function load(text: string) {
  const r = await importMarketCsv(h.db, text, { today: TODAY });
  expect(r.errors).toEqual([]);
  return r;
}

/** Ten weekdays of March 2026; SUSP stops trading after the fourth. */
const DAYS = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => `2026-03-${d}`);

async function run(now = EVENING) {
  return runNotices({
    db: h.db,
    now,
    appUrl: 'https://telaah.test',
    contentDir,
    sources: defaultSources(h.db),
    senders: { mail: sendMail, telegram: null },
  });
}

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  h = await createTestDb();
  contentDir = mkdtempSync(path.join(tmpdir(), 'telaah-content-'));
  mkdirSync(path.join(contentDir, 'analisis'), { recursive: true });
  await load([EMITEN_HEADER, ...['SMGR', 'ABCD', 'ABCD-W', 'SUSP', 'FLAG'].map((t) => emitenRow(t))].join('\n'));
  const rows = DAYS.flatMap((date, i) => [
    { ticker: 'SMGR', date, open: 6_750, high: 6_750, low: 6_750, close: 6_750, volume: 100 },
    { ticker: 'ABCD', date, open: 500, high: 500, low: 500, close: 500, volume: 100 },
    { ticker: 'FLAG', date, open: 100, high: 100, low: 100, close: 100, volume: 100 },
    ...(i < 4 ? [{ ticker: 'SUSP', date, open: 80, high: 80, low: 80, close: 80, volume: 100 }] : []),
  ]);
  await h.db.insert(dailyPrices).values(rows);
  await load('code,underlying,exercise_price,expiry,ratio_warrants,ratio_shares\nABCD-W,ABCD,400,2026-12-30,1,1');
  // SMGR's real rights issue (Dec 2022) moved into this calendar: cum 6 750, exercise 6 600.
  await load(
    [
      'ticker,type,cum_date,ex_date,amount,ratio_from,ratio_to,exercise_start,exercise_end',
      'SMGR,rights,2026-03-04,2026-03-05,6600,100000000,14266416,2026-03-09,2026-03-17',
    ].join('\n'),
  );
  holder = await createUser(h.db);
  other = await createUser(h.db);
  const p = await createTestPortfolio(h.db, holder.id);
  await createTrade(h.db, holder.id, p.id, {
    date: '2026-03-02',
    ticker: 'SMGR',
    type: 'beli',
    shares: 1_000,
    price: 6_750,
    fee: '0',
  });
  await createTrade(h.db, holder.id, p.id, {
    date: '2026-03-02',
    ticker: 'FLAG',
    type: 'beli',
    shares: 100,
    price: 100,
    fee: '0',
  });
  const q = await createTestPortfolio(h.db, other.id);
  await createTrade(h.db, other.id, q.id, {
    date: '2026-03-02',
    ticker: 'SUSP',
    type: 'beli',
    shares: 100,
    price: 80,
    fee: '0',
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

describe('status flags', () => {
  it('derives a suspension after five trading days without a trade while others trade', async () => {
    const flags = await statusFlags(h.db, ['SUSP', 'SMGR']);
    // SUSP last traded 2026-03-05; the market traded on 6, 9, 10, 11, 12 and 13 March after it.
    expect(flags.get('SUSP')?.suspended).toBe('derived');
    expect(flags.get('SMGR')?.suspended).toBeNull();
  });

  it('shows a company delisted by the last market day as delisted, not as suspended', async () => {
    await load(`${EMITEN_HEADER},delisting_date\n${emitenRow('GONE')},2026-03-06`);
    await h.db
      .insert(dailyPrices)
      .values(
        DAYS.slice(0, 3).map((date) => ({ ticker: 'GONE', date, open: 50, high: 50, low: 50, close: 50, volume: 1 })),
      );
    expect((await statusFlags(h.db, ['GONE'])).get('GONE')).toEqual({ notations: '', board: 'Utama', suspended: null });
    // Announced for a day after the market's last day: it still trades, so a halt still shows.
    await load(`${EMITEN_HEADER},delisting_date\n${emitenRow('GONE')},2026-04-30`);
    expect((await statusFlags(h.db, ['GONE'])).get('GONE')?.suspended).toBe('derived');
  });

  it('loads notations, the board and a data suspension from the emiten file and records the change once', async () => {
    await load(`${EMITEN_HEADER},notations,suspended\n${emitenRow('FLAG', 'Pemantauan Khusus')},e,ya`);
    await load(`${EMITEN_HEADER},notations,suspended\n${emitenRow('FLAG', 'Pemantauan Khusus')},E,ya`);
    const flags = (await statusFlags(h.db, ['FLAG'])).get('FLAG');
    expect(flags).toEqual({ notations: 'E', board: 'Pemantauan Khusus', suspended: 'data' });
    const changes = await h.db.select().from(emitenStatusChanges).where(eq(emitenStatusChanges.ticker, 'FLAG'));
    expect(changes).toEqual([{ ticker: 'FLAG', changedOn: TODAY, before: '||', after: 'E|X|S' }]);
  });

  it('shows the flags on the holding row and the holding page', async () => {
    const view = await holdingsReport(h.db, holder.id, { asOf: TODAY });
    const row = view!.holdings.find((x) => x.ticker === 'FLAG')!;
    expect(row.flags?.badges).toEqual(['E', 'PPK', 'Suspensi']);
    expect(row.flags?.text[0]).toBe('Notasi E: Laporan keuangan terakhir menunjukkan ekuitas negatif.');
    expect(view!.holdings.find((x) => x.ticker === 'SMGR')!.flags).toBeUndefined();
    const page = await holdingPage(h.db, holder.id, 'FLAG', { asOf: TODAY });
    expect(page!.flags).toEqual({ notations: 'E', board: 'Pemantauan Khusus', suspended: 'data' });
  });

  it('tells the holder once, the same evening, and nobody else', async () => {
    const first = await run();
    expect(first['status-change'].sent).toBe(1);
    const again = await run(new Date(EVENING.getTime() + 3_600_000));
    expect(again['status-change'].sent).toBe(0);
    const sent = await h.db
      .select()
      .from(notices)
      .where(and(eq(notices.event, 'status-change'), eq(notices.subject, `status:FLAG:${TODAY}`)));
    expect(sent.map((n) => n.userId)).toEqual([holder.id]);
    const mails = smtp.messages().filter((m) => m.subject === 'Status FLAG berubah');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain(holder.email);
  });
});

describe('rights issue (HMETD)', () => {
  it('shows the entitlement and the TERP on the grid, and reminds once before the deadline', async () => {
    const page = await holdingPage(h.db, holder.id, 'SMGR', { asOf: TODAY });
    const [issue] = await rightsIssues(h.db, 'SMGR', page!.transactions, page!.sharesAt);
    // 1 000 × 14 266 416 ÷ 100 000 000 = 142,66 → 142; (6 750 × 10⁸ + 6 600 × 14 266 416) ÷ 114 266 416 = 6 731,272 → 6 725
    expect(issue).toMatchObject({ rights: 142, open: 142, cumPrice: 6_750, terpOnTick: 6_725 });
    expect(issue!.terp).toBeCloseTo(6_731.272, 3);
    // 13 March: the period ends on the 17th, two trading days later. The evening run of the status test
    // already sent it; runs after that send nothing more.
    await run();
    expect((await run())['rights-deadline'].sent).toBe(0);
    const sent = await h.db.select().from(notices).where(eq(notices.event, 'rights-deadline'));
    expect(sent.map((n) => [n.userId, n.subject])).toEqual([[holder.id, 'rights:SMGR:2026-03-05']]);
    const mails = smtp.messages().filter((m) => m.subject.startsWith('Batas tebus HMETD SMGR'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('142 HMETD');
  });

  it('records exercise, sale and lapse by CSV, each checked by hand', async () => {
    const csv = [
      'tanggal,kode,jenis,lembar,harga,biaya',
      '2026-03-10,SMGR,tebus_hmetd,100,6600,0',
      '2026-03-11,SMGR,jual_hmetd,30,130,0',
      '2026-03-12,SMGR,hmetd_hangus,12,,',
    ].join('\n');
    const r = await importTransactions(h.db, holder.id, csv, { today: TODAY, preview: false, fileName: 'hmetd.csv' });
    expect(r.errors).toEqual([]);
    expect(r.counts).toMatchObject({ rights_exercise: 1, rights_sale: 1, rights_lapse: 1 });
    const page = await holdingPage(h.db, holder.id, 'SMGR', { asOf: TODAY });
    // 1 000 × 6 750 + 100 × 6 600 = 7 410 000 over 1 100 shares
    expect(page!.holding).toMatchObject({ shares: 1_100, remainingCost: 7_410_000 });
    // 30 rights × 130 = 3 900, all realised (rights carry no cost)
    expect(page!.realised.total).toBe(3_900);
    const [issue] = await rightsIssues(h.db, 'SMGR', page!.transactions, page!.sharesAt);
    // 12 lapsed × (6 725 − 6 600) = 1 500
    expect(issue).toMatchObject({ exercised: 100, sold: 30, lapsed: 12, open: 0, lapsedValue: 1_500 });
  });
});

describe('warrants and tender offers', () => {
  it('exercises a warrant into shares at warrant cost + exercise price, refuses more than held', async () => {
    const p = await createTestPortfolio(h.db, other.id, 'Waran');
    await createTrade(h.db, other.id, p.id, {
      date: '2026-03-02',
      ticker: 'ABCD-W',
      type: 'beli',
      shares: 500,
      price: 120,
      fee: '0',
    });
    await createTrade(h.db, other.id, p.id, {
      date: '2026-03-09',
      ticker: 'abcd-w',
      type: 'tebus waran',
      shares: 500,
      price: 400,
      fee: '0',
    });
    const view = await holdingsReport(h.db, other.id, { asOf: TODAY, portfolioId: p.id });
    // 500 × 120 + 500 × 400 = 260 000 for 500 ABCD
    expect(view!.holdings.map((x) => [x.ticker, x.shares, x.remainingCost])).toEqual([['ABCD', 500, 260_000]]);
    await expect(
      createTrade(h.db, other.id, p.id, {
        date: '2026-03-10',
        ticker: 'ABCD-W',
        type: 'tebus waran',
        shares: 1,
        price: 400,
      }),
    ).rejects.toThrow(/melebihi/);
    // A tender at 550 in one step: 500 × 550 − 260 000 = 15 000 realised
    await createTrade(h.db, other.id, p.id, {
      date: '2026-03-11',
      ticker: 'ABCD',
      type: 'tender offer',
      shares: 500,
      price: 550,
      fee: '0',
    });
    const after = await holdingPage(h.db, other.id, 'ABCD', { asOf: TODAY, portfolioId: p.id });
    expect(after!.realised.total).toBe(15_000);
    expect(after!.holding).toBeNull();
  });

  it('realises the loss of an expired warrant', async () => {
    const p = await createTestPortfolio(h.db, other.id, 'Kedaluwarsa');
    await createTrade(h.db, other.id, p.id, {
      date: '2026-03-02',
      ticker: 'ABCD-W',
      type: 'beli',
      shares: 300,
      price: 50,
      fee: '0',
    });
    await createTrade(h.db, other.id, p.id, {
      date: '2026-03-12',
      ticker: 'ABCD-W',
      type: 'waran kedaluwarsa',
      shares: 300,
    });
    const page = await holdingPage(h.db, other.id, 'ABCD-W', { asOf: TODAY, portfolioId: p.id });
    expect(page!.realised.total).toBe(-15_000);
    expect(page!.holding).toBeNull();
  });

  it('refuses a warrant kind on a share code, with an Indonesian message naming the field', async () => {
    const p = await createTestPortfolio(h.db, other.id, 'Salah');
    await expect(
      createTrade(h.db, other.id, p.id, {
        date: '2026-03-02',
        ticker: 'ABCD',
        type: 'tebus waran',
        shares: 1,
        price: 400,
      }),
    ).rejects.toThrow('Kode ABCD bukan kode waran (contoh: ABCD-W).');
  });
});
