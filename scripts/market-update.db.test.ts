/**
 * `npm run jobs -- --once --job market-update` as an operator runs it from cron, with the clock set by
 * APP_NOW, the holiday file and feed from the environment, against the IDX and Sentry stand-ins: the first
 * evening imports the day, the next evening's missing day is reported to Sentry after the deadline.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../tests/db';
import { migratedDataDir } from '../tests/migrated-data-dir';
import { openDatabase, type Db } from '../src/server/db/client';
import { dailyPrices, marketUpdateRuns } from '../src/server/db/schema';
import { importMarketCsv } from '../src/server/services/market-import';
import { recentTradingDays } from '../src/domain/market-calendar';
import { indexRecord, startIdxStandIn, stockRecord, type IdxStandIn } from '../tests/stand-ins/idx';
import { startSentryStandIn, type SentryStandIn } from '../tests/stand-ins/sentry';
import { cliArgs } from '../tests/cli';

const run = promisify(execFile);
const ROOT = process.cwd();

let idx: IdxStandIn;
let sentry: SentryStandIn;
let pg: TestDb | undefined;
let dataDir: string;
let holidaysFile: string;

async function jobOnce(appNow: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
    NODE_ENV: 'test',
    APP_NOW: appNow,
    DATA_DIR: dataDir,
    MARKET_FEED: 'idx',
    IDX_API_BASE: idx.url,
    MARKET_HOLIDAYS_FILE: holidaysFile,
    SENTRY_DSN: sentry.dsn(),
  };
  if (pg?.databaseUrl) env.DATABASE_URL = pg.databaseUrl;
  else delete env.DATABASE_URL;
  try {
    const r = await run(process.execPath, cliArgs('jobs', '--once', '--job', 'market-update'), {
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
  await importMarketCsv(
    db,
    'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\nAAAA,Alfa Sintetis Tbk,Keuangan,Bank,Utama,2010-01-04,1000000\n',
    { today: '2026-11-19' },
  );
  const history = recentTradingDays('2026-11-19', 30, new Set()).map((d) => `${d},AAAA,1000,1000,1000,1000,1`);
  await importMarketCsv(db, `date,ticker,open,high,low,close,volume\n${history.join('\n')}\n`, { today: '2026-11-19' });
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (pg) return fn(pg.db);
  const handle = await openDatabase({ dataDir });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  idx = await startIdxStandIn();
  sentry = await startSentryStandIn();
  // Embedded: a migrated folder, as after a first start (on PostgreSQL it holds the holiday file only).
  dataDir = process.env.TEST_DATABASE_URL
    ? mkdtempSync(path.join(tmpdir(), 'telaah-market-update-'))
    : await migratedDataDir('telaah-market-update-');
  holidaysFile = path.join(dataDir, 'holidays.csv');
  // Monday the 23rd is a holiday in this calendar: the next trading day after Friday the 20th is the 24th.
  writeFileSync(holidaysFile, 'date,name\n2026-11-23,Libur uji\n');
  if (process.env.TEST_DATABASE_URL) pg = await createTestDb();
  await withDb(seed);
}, 60_000);

afterAll(async () => {
  await idx.close();
  await sentry.close();
  await pg?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run jobs -- --once --job market-update', () => {
  it("imports the evening's day, then reports the next missing day to Sentry", { timeout: 180_000 }, async () => {
    idx.setDay('2026-11-20', {
      stocks: [stockRecord('2026-11-20', 'AAAA', { Close: 1010, High: 1010 })],
      indexes: [indexRecord('2026-11-20', 'COMPOSITE', 7200)],
    });
    const first = await jobOnce('2026-11-20T18:00:00+07:00');
    expect(first.code, first.stderr).toBe(0);
    const line = JSON.parse(first.stdout.trim()) as { msg: string; summary: string };
    expect(line).toMatchObject({
      msg: 'job market-update done',
      summary:
        '1 days checked; imported 2026-11-20; alerts on 2026-11-20: 0 fired, 0 re-armed, 0 notices, 0 messages sent, 0 failed, 0 saved screens evaluated (0 distinct filters)',
    });

    const second = await jobOnce('2026-11-24T20:30:00+07:00');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('"msg":"market update: trading day missing","day":"2026-11-24"');
    expect(idx.requests().some((r) => r.endsWith('2026-11-23'))).toBe(false);
    const events = sentry.events();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      level: 'error',
      message: expect.stringContaining('Data pasar 2026-11-24 belum masuk setelah batas waktu'),
      tags: expect.objectContaining({ job: 'market-update', trading_date: '2026-11-24' }),
    });

    const { prices, runs } = await withDb(async (db) => ({
      prices: await db.select().from(dailyPrices).where(eq(dailyPrices.date, '2026-11-20')),
      runs: await db.select().from(marketUpdateRuns).orderBy(asc(marketUpdateRuns.id)),
    }));
    expect(prices.map((p) => [p.ticker, p.close])).toEqual([['AAAA', 1010]]);
    expect(runs.map((r) => [r.tradingDate, r.outcome, r.alerted])).toEqual([
      ['2026-11-20', 'imported', false],
      ['2026-11-24', 'missing', true],
    ]);
  });
});
