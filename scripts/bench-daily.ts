/**
 * Bench of issue #25 (docs/product.md §10, §11): on a fresh database, 950 emiten with three years of daily
 * closes (generated in SQL), 100 000 members with 10 alerts each (1 000 000 alerts of every kind), then
 * and one saved screen each with its alert on (100 000 screen alerts over 495 distinct filters), then
 * one alert evaluation of the latest day (set-based SQL) and the screener: its first read of the market's
 * figures and then the p95 of 200 queries with varied filters and sorts over the kept figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db, type DbHandle } from '../src/server/db/client';
import { evaluateAlerts } from '../src/server/services/alerts';
import { marketFigures, parseScreenQuery, runScreener } from '../src/server/services/screener';

export interface DailyBench {
  members: number;
  alerts: number;
  setupMs: number;
  evaluationMs: number;
  fired: number;
  /** Each statement of the evaluation: name, ms, rows. */
  statements: { name: string; ms: number; rows: number }[];
  /** The next trading day at an everyday rate: closes within ±3 % of the bench day's. */
  nextDayMs: number;
  nextDayFired: number;
  nextDayRearmed: number;
  figuresMs: number;
  screenerP95Ms: number;
  /** Saved screens with their alert on (evaluated on both days: the first records, the second notifies). */
  screenAlerts: number;
  screenQueries: number;
  nextDayScreenNotices: number;
}

const EMITEN = 950;
const MEMBERS = 100_000;
const PER_MEMBER = 10;

async function seed(db: Db): Promise<void> {
  await db.execute(sql`
    insert into emiten (ticker, name, sector, sub_sector, board, listing_date, shares_outstanding)
    select 'B' || lpad(g::text, 3, '0'), 'PT Bench ' || g || ' Tbk', 'Sektor ' || (g % 11), 'Sub ' || (g % 31),
      case when g % 5 = 0 then 'Pengembangan' else 'Utama' end, '2010-01-04', 1000000000 + g * 1000000
    from generate_series(1, ${EMITEN}) g`);
  await db.execute(sql`
    insert into daily_prices (ticker, date, open, high, low, close, volume)
    select e.ticker, d::date, c, c, c, c, 1000
    from emiten e
    cross join generate_series('2023-11-20'::date, '2026-11-20'::date, '1 day') d
    cross join lateral (select (1000 + (abs(hashtext(e.ticker || d::text)) % 400))::int as c) p
    where extract(isodow from d) < 6`);
  await db.execute(sql`
    insert into fundamentals (ticker, period_end, revenue, net_income, equity, eps, bvps)
    select e.ticker, q::date, 1, 25000000000, 500000000000, 25, 500
    from emiten e cross join generate_series('2025-12-31'::date, '2026-09-30'::date, '3 months') q`);
  await db.execute(sql`
    insert into users (email, name, role, email_verified_at)
    select 'bench' || g || '@contoh.test', 'Bench ' || g, 'member', now() from generate_series(1, ${MEMBERS}) g`);
  // Ten alerts per member over the seven kinds, on codes spread over the market.
  await db.execute(sql`
    insert into alerts (user_id, ticker, kind, level, pct)
    select u.id, 'B' || lpad((1 + (u.n * 7 + k * 13) % ${EMITEN})::text, 3, '0'),
      (array['price_above','price_below','move','target','fair_value','analysis','cum_date'])[1 + (u.n + k) % 7],
      1000 + ((u.n + k) % 400), 5
    from (select id, row_number() over (order by id) as n from users) u cross join generate_series(1, ${PER_MEMBER}) k`);
  // One saved screen per member with its alert on: a sector (~86 codes) and a floor on the 1-month return,
  // 495 distinct filters written as the screener writes them.
  await db.execute(sql`
    insert into saved_screens (user_id, name, query, alert)
    select u.id, 'Saringan', 'sektor=Sektor+' || (u.n % 495 % 11) || '&r1b_min=' || (u.n % 495 / 11 - 20), true
    from (select id, row_number() over (order by id) as n from users) u`);
  await db.execute(sql`
    insert into research_calls (ticker, analysis_id, title, path, date, tier_rank, rating, target_price, fair_value)
    select ticker, ticker || '/a', 'Analisis ' || ticker, '/analisis/' || ticker || '/a', '2026-11-01', 0, 'beli', 1200, 1300
    from emiten`);
  await db.execute(sql`analyze`);
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = await import('pg');
  const name = `telaah_bench_daily_${process.pid}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}

export async function benchDaily(databaseUrl?: string): Promise<DailyBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'telaah-bench-daily-'));
  const pg = databaseUrl ? await freshPostgres(databaseUrl) : null;
  let handle: DbHandle | null = null;
  try {
    handle = await openDatabase({ databaseUrl: pg?.url, dataDir: dir });
    const db = handle.db;
    let t = performance.now();
    await seed(db);
    const setupMs = performance.now() - t;
    const statements: DailyBench['statements'] = [];
    t = performance.now();
    const e = await evaluateAlerts(db, {
      day: '2026-11-20',
      now: new Date('2026-11-20T18:00:00+07:00'),
      cumHorizon: () => '2026-11-25',
      onStatement: (name, ms, rows) => statements.push({ name, ms, rows }),
    });
    const evaluationMs = performance.now() - t;
    // An everyday next day: each close moves by at most 3 %, so only the alerts whose level lies between the
    // two closes fire or re-arm (the bench day itself fires about half of all alerts).
    await db.execute(sql`
      insert into daily_prices (ticker, date, open, high, low, close, volume)
      select p.ticker, '2026-11-23', c, c, c, c, 1000 from daily_prices p
      cross join lateral (select (p.close * (1 + ((abs(hashtext(p.ticker)) % 61) - 30) / 1000.0))::int as c) x
      where p.date = '2026-11-20'`);
    t = performance.now();
    const next = await evaluateAlerts(db, {
      day: '2026-11-23',
      now: new Date('2026-11-23T18:00:00+07:00'),
      cumHorizon: () => '2026-11-26',
      onStatement: (name, ms, rows) => {
        if (name.startsWith('screens')) statements.push({ name: `next day ${name}`, ms, rows });
      },
    });
    const nextDayMs = performance.now() - t;
    t = performance.now();
    await marketFigures(db);
    const figuresMs = performance.now() - t;
    const queries = [
      '',
      'per_max=15&urut=per',
      'sektor=Sektor%203&urut=kap&arah=turun',
      'r1t_min=5&dy_min=1',
      'dari52_max=-10&urut=r1b',
      'papan=Pengembangan&roe_min=10',
      'indeks=LQ45&urut=kap&arah=turun',
    ];
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const q = parseScreenQuery(new URLSearchParams(queries[i % queries.length]));
      const s = performance.now();
      await runScreener(db, q.query, new Map(), 'premium');
      times.push(performance.now() - s);
    }
    return {
      members: MEMBERS,
      alerts: MEMBERS * PER_MEMBER,
      setupMs,
      evaluationMs,
      fired: Object.values(e.fired).reduce((a, b) => a + b, 0),
      statements,
      nextDayMs,
      nextDayFired: Object.values(next.fired).reduce((a, b) => a + b, 0),
      nextDayRearmed: next.rearmed,
      figuresMs,
      screenerP95Ms: p95(times),
      screenAlerts: e.screens.evaluated,
      screenQueries: e.screens.queries,
      nextDayScreenNotices: next.fired.screen,
    };
  } finally {
    await handle?.close();
    // BENCH_KEEP_DATABASE=1 keeps the PostgreSQL database for EXPLAIN afterwards (dropped otherwise).
    if (pg && process.env.BENCH_KEEP_DATABASE === '1') console.error(`kept database ${new URL(pg.url).pathname}`);
    else await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatDaily(label: string, b: DailyBench): string[] {
  return [
    `${label}: ${b.alerts} alerts of ${b.members} members set up in ${(b.setupMs / 1000).toFixed(1)} s`,
    `  alert evaluation: ${(b.evaluationMs / 1000).toFixed(1)} s (${b.fired} fired)`,
    ...b.statements.map((x) => `    ${x.name}: ${(x.ms / 1000).toFixed(2)} s, ${x.rows} rows`),
    `  of which ${b.screenAlerts} saved-screen alerts over ${b.screenQueries} distinct filters (first evaluation: recorded, none notified)`,
    `  next day at an everyday rate (closes within ±3 %): ${(b.nextDayMs / 1000).toFixed(1)} s (${b.nextDayFired} fired, ${b.nextDayRearmed} re-armed; ${b.nextDayScreenNotices} screens with codes that entered)`,
    `  screener: first read of the market's figures ${b.figuresMs.toFixed(0)} ms, p95 ${b.screenerP95Ms.toFixed(1)} ms over 200 queries`,
  ];
}

// `npx tsx scripts/bench-daily.ts [postgres-url]`: this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2];
  void benchDaily(url).then((b) => {
    for (const l of formatDaily(url ? 'Alerts and screener, PostgreSQL' : 'Alerts and screener, embedded', b))
      console.log(l);
  });
}
