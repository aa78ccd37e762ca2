/** The `files` provider: the day's CSV from a folder and from an HTTP URL, on a real database. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import { seedFeedHistory, startDailyFeed, type DailyFeed } from '../../../../tests/daily-feed';
import type { DbHandle } from '../../db/client';
import { dailyPrices, emiten, indexPrices, marketUpdateRuns } from '../../db/schema';
import { filesFeed, runMarketUpdate, type MarketFeed } from '.';
import { fileLocation } from './files-feed';
import { UNKNOWN_BOARD } from '../../../domain/boards';

const RINGKASAN = readFileSync('tests/fixtures/market/ringkasan.csv', 'utf8');
const DAY = '2026-11-20';
const PRICES = `date,ticker,open,high,low,close,volume
${DAY},AAAA,1000,1050,990,1040,500000
${DAY},COMPOSITE,7100.5,7150.25,7080,7120.75,0
`;

let folder: string;
let daily: DailyFeed;
let h: DbHandle;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'telaah-feed-'));
  daily = await startDailyFeed();
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await daily.close();
});
beforeEach(async () => {
  h = await createTestDb();
  daily.published.clear();
  await seedFeedHistory(h.db, 30);
});
afterEach(() => h.close());

const pass = (feed: MarketFeed, at = '2026-11-20T18:00:00') =>
  runMarketUpdate({
    db: h.db,
    now: () => new Date(`${at}+07:00`),
    feed,
    holidays: new Set(),
    closeAt: 17 * 60,
    deadline: 20 * 60,
    report: () => undefined,
  });
const pricesOn = (d: string) =>
  h.db.select().from(dailyPrices).where(eq(dailyPrices.date, d)).orderBy(asc(dailyPrices.ticker));
const runs = () => h.db.select().from(marketUpdateRuns).orderBy(asc(marketUpdateRuns.id));

describe('files provider', () => {
  it('names the file of a day from a folder, a URL or a template', () => {
    expect(fileLocation('/srv/feed', DAY)).toBe('/srv/feed/2026-11-20.csv');
    expect(fileLocation('https://feed.test/harian/', DAY)).toBe('https://feed.test/harian/2026-11-20.csv');
    expect(fileLocation('https://feed.test/r-{yyyymmdd}.csv', DAY)).toBe('https://feed.test/r-20261120.csv');
  });

  it('imports a prices file from a folder once it appears', async () => {
    const feed = filesFeed(folder);
    expect(await pass(feed)).toMatchObject({ waiting: [DAY] });
    writeFileSync(path.join(folder, `${DAY}.csv`), PRICES);
    expect(await pass(feed, '2026-11-20T18:10:00')).toMatchObject({ imported: [DAY] });
    expect((await pricesOn(DAY)).map((p) => [p.ticker, p.close])).toEqual([['AAAA', 1040]]);
    const [ihsg] = await h.db.select().from(indexPrices).where(eq(indexPrices.date, DAY));
    expect(ihsg).toMatchObject({ code: 'COMPOSITE', close: 7120.75 });
    expect(await runs()).toMatchObject([
      { outcome: 'waiting', provider: 'files', message: '2026-11-20.csv: berkas belum ada' },
      { outcome: 'imported', rows: 2 },
    ]);
    expect(await pass(feed, '2026-11-20T18:20:00')).toMatchObject({ checked: 0 });
  });

  it('imports a Ringkasan Saham export from an HTTP URL, listing the codes it does not know', async () => {
    const feed = filesFeed(`${daily.url}/harian/ringkasan-{yyyymmdd}.csv`);
    expect(await pass(feed)).toMatchObject({ waiting: [DAY] });
    daily.published.set('ringkasan-20261120.csv', RINGKASAN);
    expect(await pass(feed, '2026-11-20T18:10:00')).toMatchObject({ imported: [DAY] });
    const prices = await pricesOn(DAY);
    expect(prices.map((p) => p.ticker)).toEqual(['ASII', 'BBCA', 'BBRI', 'GOTO', 'TLKM']);
    const [asii] = await h.db.select().from(emiten).where(eq(emiten.ticker, 'ASII'));
    // The Remarks column is no board: the board waits for an emiten file.
    expect(asii).toMatchObject({
      name: 'Astra International Tbk.',
      board: UNKNOWN_BOARD,
      sharesOutstanding: 40_483_553_140,
    });
  });

  it('refuses a file cut off mid-row and says why', async () => {
    daily.published.set('2026-11-20.csv', RINGKASAN.slice(0, RINGKASAN.lastIndexOf(',')));
    expect(await pass(filesFeed(`${daily.url}/harian`))).toMatchObject({ problems: [`${DAY} invalid`] });
    expect(await pricesOn(DAY)).toEqual([]);
    expect((await runs())[0]!.message).toMatch(/^2026-11-20\.csv Baris \d+: jumlah kolom \d+, seharusnya 28/);
  });
});
