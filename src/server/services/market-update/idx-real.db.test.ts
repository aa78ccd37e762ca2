/**
 * The daily update on IDX's real response shapes (tests/fixtures/market/idx-real-shapes.ts), served by the
 * IDX stand-in, on a real database and the repository's trading calendar: a whole month imported, stocks
 * and indexes independently, no board invented from `Remarks`, broken rows skipped by code, and IDX's
 * refusals (403, a challenge page, HTML) each recorded once as "IDX menolak permintaan …".
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import { startIdxStandIn, type IdxStandIn } from '../../../../tests/stand-ins/idx';
import {
  BROKEN_CODES,
  BROKEN_DAY_INDEX,
  DAILY_CODES,
  realIndexes,
  realStocks,
} from '../../../../tests/fixtures/market/idx-real-shapes';
import type { DbHandle } from '../../db/client';
import { dailyPrices, emiten, indexPrices, marketUpdateRuns } from '../../db/schema';
import { isTradingDay } from '../../../domain/market-calendar';
import { UNKNOWN_BOARD } from '../../../domain/boards';
import { idxFeed, loadHolidays, runMarketUpdate } from '.';
import { addDays } from '../../../domain/dates';

const wib = (t: string) => new Date(`${t}+07:00`);

let idx: IdxStandIn;
let h: DbHandle;
let holidays: Set<string>;
let reports: string[];

beforeAll(async () => {
  idx = await startIdxStandIn();
  holidays = await loadHolidays('market/idx-holidays.csv');
});
afterAll(() => idx.close());
beforeEach(async () => {
  h = await createTestDb();
  idx.reset();
  reports = [];
});
afterEach(() => h.close());

/** The calendar's trading days from `from` to `to`, inclusive. */
function tradingDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (isTradingDay(day, holidays)) out.push(day);
  }
  return out;
}

/** Serves every trading day of January and February 2021 in IDX's real shapes. */
function serveJanFeb2021(): string[] {
  const days = tradingDays('2021-01-01', '2021-02-28');
  days.forEach((d, n) => idx.setDay(d, { stocks: realStocks(d, n), indexes: realIndexes(d, n) }));
  return days;
}

const pass = (now: string) =>
  runMarketUpdate({
    db: h.db,
    now: () => wib(now),
    feed: idxFeed(idx.url),
    holidays,
    closeAt: 17 * 60,
    deadline: 20 * 60,
    report: (message) => reports.push(message),
    warn: () => {},
  });
const runs = () => h.db.select().from(marketUpdateRuns).orderBy(asc(marketUpdateRuns.id));

describe('the idx provider on IDX real shapes', () => {
  it('imports every trading day of February 2021, stocks and indexes, and skips Imlek', async () => {
    const served = serveJanFeb2021();
    const feb = served.filter((d) => d.startsWith('2021-02'));
    expect(feb).toHaveLength(19);
    expect(feb).not.toContain('2021-02-12');
    const summary = await pass('2021-02-26T19:00:00');
    expect(summary.problems).toEqual([]);
    expect(reports).toEqual([]);
    expect(summary.imported).toEqual(expect.arrayContaining(feb));
    expect(idx.requests().some((r) => r.endsWith('2021-02-12'))).toBe(false);

    const stockDays = await h.db.selectDistinct({ d: dailyPrices.date }).from(dailyPrices);
    const indexDays = await h.db
      .selectDistinct({ d: indexPrices.date })
      .from(indexPrices)
      .where(eq(indexPrices.code, 'COMPOSITE'));
    for (const d of feb) {
      expect(stockDays.map((r) => r.d)).toContain(d);
      expect(indexDays.map((r) => r.d)).toContain(d);
    }
    const codes = await h.db.selectDistinct({ t: dailyPrices.ticker }).from(dailyPrices).orderBy(dailyPrices.ticker);
    expect(codes.map((r) => r.t)).toEqual(DAILY_CODES);
    // Sector indexes Telaah does not keep stay out.
    expect(await h.db.select().from(indexPrices).where(eq(indexPrices.code, 'IDXFINANCE'))).toEqual([]);
  });

  it('opens gapped stocks inside their range: first trade, else previous held in Low..High', async () => {
    serveJanFeb2021();
    await pass('2021-02-26T19:00:00');
    const on = async (t: string) =>
      (await h.db.select().from(dailyPrices).where(eq(dailyPrices.ticker, t)).orderBy(asc(dailyPrices.date)))[0]!;
    const bbca = await on('BBCA'); // OpenPrice 0, FirstTrade 0, gapped up: open at the low
    expect(bbca.open).toBe(bbca.low);
    const adhi = await on('ADHI'); // OpenPrice 0, FirstTrade inside the range
    expect(adhi.open).toBe(adhi.high - 5);
    const mamip = await on('MAMIP'); // untraded preferred share
    expect(mamip).toMatchObject({ open: 150, high: 150, low: 150, close: 150, volume: 0 });
    for (const t of DAILY_CODES) {
      const p = await on(t);
      expect(p.low).toBeLessThanOrEqual(p.open);
      expect(p.open).toBeLessThanOrEqual(p.high);
    }
  });

  it('invents no board from Remarks: emiten the feed lists have an unknown board', async () => {
    serveJanFeb2021();
    await pass('2021-02-26T19:00:00');
    const boards = await h.db.selectDistinct({ b: emiten.board }).from(emiten);
    expect(boards).toEqual([{ b: UNKNOWN_BOARD }]);
    const delisted = await h.db.select().from(emiten).where(eq(emiten.ticker, 'BBCA'));
    expect(delisted[0]!.delistedAt).toBeNull();
  });

  it('skips broken rows with a warning naming each code and imports the rest of the day', async () => {
    const served = serveJanFeb2021();
    await pass('2021-02-26T19:00:00');
    const broken = served.at(BROKEN_DAY_INDEX)!;
    const record = (await runs()).find((r) => r.tradingDate === broken)!;
    expect(record.outcome).toBe('imported');
    for (const code of BROKEN_CODES) expect(record.message).toContain(code);
    expect(record.message).toMatch(/dilewati/);
    const rows = await h.db.select().from(dailyPrices).where(eq(dailyPrices.date, broken));
    expect(rows.map((r) => r.ticker).sort()).toEqual(DAILY_CODES);
  });

  it('imports the stocks when the index part is unreadable, and the indexes on a later pass', async () => {
    serveJanFeb2021();
    idx.truncate('GetIndexSummary', '2021-02-26', 50);
    await pass('2021-02-26T19:00:00');
    const last = (await runs()).find((r) => r.tradingDate === '2021-02-26')!;
    expect(last.outcome).toBe('imported');
    expect(last.message).toContain('GetIndexSummary');
    const indexesOn = () => h.db.select().from(indexPrices).where(eq(indexPrices.date, '2021-02-26'));
    expect(await indexesOn()).toEqual([]);
    expect(await h.db.select().from(dailyPrices).where(eq(dailyPrices.date, '2021-02-26'))).toHaveLength(6);

    idx.reset();
    serveJanFeb2021();
    const seen = idx.requests().length;
    await pass('2021-02-26T20:30:00');
    expect(idx.requests().slice(seen)).toEqual(['GetIndexSummary 2021-02-26']);
    expect((await indexesOn()).map((r) => r.code).sort()).toEqual(['COMPOSITE', 'IDX30', 'JII', 'LQ45']);
  });

  it.each([
    ['forbidden', /^IDX menolak permintaan GetStockSummary \(HTTP 403\)/],
    [
      'challenge',
      /^IDX menolak permintaan GetStockSummary \(HTTP 403, halaman tantangan Cloudflare \("Just a moment…"\)\)/,
    ],
    ['html', /^IDX menolak permintaan GetStockSummary \(HTTP 200, halaman HTML, bukan JSON\)/],
  ] as const)('records a %s refusal once, as "IDX menolak permintaan …", and stops the pass', async (kind, text) => {
    serveJanFeb2021();
    idx.refuse(kind);
    const seen = idx.requests().length;
    const first = await pass('2021-02-26T21:00:00');
    expect(first.problems).toHaveLength(1);
    expect(idx.requests().length - seen).toBe(1);
    await pass('2021-02-26T21:05:00'); // within the retry interval: no request at all
    expect(idx.requests().length - seen).toBe(1);
    await pass('2021-02-26T22:10:00'); // asked again: still one record, one report
    expect(idx.requests().length - seen).toBe(2);
    const records = await runs();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ outcome: 'refused', attempts: 2 });
    expect(records[0]!.message).toMatch(text);
    expect(records[0]!.message).toContain('penyedia files');
    expect(reports).toHaveLength(1);
    expect(await h.db.select().from(dailyPrices)).toEqual([]);
  });
});
