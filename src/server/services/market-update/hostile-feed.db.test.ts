/**
 * A hostile or broken daily feed (`files` provider, folder and HTTP): control characters, endless
 * lines and oversized files are refused with the line and column named, quickly, and one bad day
 * never stops the pass from trying the days after it.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import { seedFeedHistory, startDailyFeed, type DailyFeed } from '../../../../tests/daily-feed';
import type { DbHandle } from '../../db/client';
import { dailyPrices, emiten, marketUpdateRuns } from '../../db/schema';
import { filesFeed, runMarketUpdate, type MarketFeed } from '.';
import { MAX_FILE_BYTES } from '../../csv/text-rules';

const RINGKASAN = readFileSync('tests/fixtures/market/ringkasan.csv', 'utf8');
const FRIDAY = '2026-11-20';
const MONDAY = '2026-11-23';
const prices = (day: string) => `date,ticker,open,high,low,close,volume\n${day},AAAA,1000,1050,990,1040,500000\n`;

let folder: string;
let daily: DailyFeed;
let h: DbHandle;

beforeAll(async () => {
  daily = await startDailyFeed();
});
afterAll(async () => {
  await daily.close();
});
beforeEach(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'telaah-hostile-feed-'));
  h = await createTestDb();
  daily.published.clear();
  await seedFeedHistory(h.db, 40);
});
afterEach(async () => {
  await h.close();
  rmSync(folder, { recursive: true, force: true });
});

const pass = (feed: MarketFeed) =>
  runMarketUpdate({
    db: h.db,
    now: () => new Date(`${MONDAY}T18:00:00+07:00`),
    feed,
    holidays: new Set(),
    closeAt: 17 * 60,
    deadline: 20 * 60,
    report: () => undefined,
    warn: () => undefined,
  });
const runOf = async (day: string) =>
  (
    await h.db
      .select()
      .from(marketUpdateRuns)
      .where(eq(marketUpdateRuns.tradingDate, day))
      .orderBy(asc(marketUpdateRuns.id))
  )[0];
const pricesOn = (d: string) => h.db.select().from(dailyPrices).where(eq(dailyPrices.date, d));

describe('a hostile daily feed', () => {
  it('refuses a NUL in a new company name with line and column, and still imports the next day', async () => {
    writeFileSync(
      path.join(folder, `${FRIDAY}.csv`),
      RINGKASAN.replace('Astra International', 'Astra\u0000International'),
    );
    writeFileSync(path.join(folder, `${MONDAY}.csv`), prices(MONDAY));
    const summary = await pass(filesFeed(folder));
    expect(summary.problems).toContain(`${FRIDAY} invalid`);
    expect(summary.imported).toEqual([MONDAY]);
    expect(await pricesOn(FRIDAY)).toEqual([]);
    expect(await pricesOn(MONDAY)).toHaveLength(1);
    const run = await runOf(FRIDAY);
    expect(run).toMatchObject({ outcome: 'invalid' });
    expect(run!.message).toContain('2026-11-20.csv Baris 2, kolom Nama Perusahaan: berisi karakter kontrol U+0000');
    expect(run!.message).not.toContain('\u0000');
    expect(await h.db.select().from(emiten).where(eq(emiten.ticker, 'ASII'))).toEqual([]);
  });

  it('takes no company name a spreadsheet would run as a formula', async () => {
    writeFileSync(
      path.join(folder, `${FRIDAY}.csv`),
      RINGKASAN.replace('"Astra International Tbk."', '"=HYPERLINK(""http://evil.example"",""x"")"'),
    );
    await pass(filesFeed(folder));
    const [asii] = await h.db.select().from(emiten).where(eq(emiten.ticker, 'ASII'));
    expect(asii).toMatchObject({ name: 'ASII' });
  });

  it('refuses a day file with an endless line at once, naming the line', async () => {
    const started = Date.now();
    daily.published.set(`${FRIDAY}.csv`, `date,ticker,open,high,low,close,volume\n${'9'.repeat(8 * 1024 * 1024)}\n`);
    daily.published.set(`${MONDAY}.csv`, prices(MONDAY));
    const summary = await pass(filesFeed(`${daily.url}/harian`));
    expect(summary.imported).toEqual([MONDAY]);
    expect((await runOf(FRIDAY))!.message).toMatch(
      /^2026-11-20\.csv Baris 2: baris lebih panjang dari 16\.384 karakter/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a day file over the size cap without reading it, from a folder and over HTTP', async () => {
    const big = path.join(folder, `${FRIDAY}.csv`);
    writeFileSync(big, 'date,ticker,open,high,low,close,volume\n');
    truncateSync(big, MAX_FILE_BYTES + 1);
    writeFileSync(path.join(folder, `${MONDAY}.csv`), prices(MONDAY));
    const summary = await pass(filesFeed(folder));
    expect(summary.imported).toEqual([MONDAY]);
    expect((await runOf(FRIDAY))!.message).toMatch(/^2026-11-20\.csv: berkas lebih besar dari 10 MB/);

    daily.published.set('2026-11-23.csv', 'x'.repeat(MAX_FILE_BYTES + 1));
    await h.db.delete(dailyPrices).where(eq(dailyPrices.date, MONDAY));
    await pass(filesFeed(`${daily.url}/harian`));
    const [, monday] = await h.db
      .select()
      .from(marketUpdateRuns)
      .where(eq(marketUpdateRuns.tradingDate, MONDAY))
      .orderBy(asc(marketUpdateRuns.id));
    expect(monday!.message).toMatch(/^2026-11-23\.csv: berkas lebih besar dari 10 MB/);
  });
});
