/**
 * Benchmark of the first load of market history: `market:generate` data (950 emiten × 10 years =
 * 2 489 000 price rows by default; BENCH_MARKET_EMITEN / BENCH_MARKET_YEARS scale it) imported into a
 * fresh embedded data folder by child processes (emiten first, which creates the database; then the
 * price file; then the same price file again). Each child reports its own peak RSS
 * (`process.resourceUsage().maxRSS`), the embedded database included. With
 * BENCH_DATABASE_URL (a PostgreSQL server URL) the same runs go into a throw-away database there.
 *
 * Targets (2 cores): prices ≤ 60 s and peak ≤ 1 GB embedded, ≤ 30 s on PostgreSQL; re-import ≤ 20 s, `0 baru`.
 * Run alone: `npx tsx scripts/bench-market-import.ts`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { generateMarket } from './market-generate';

const run = promisify(execFile);

export interface MarketImportRun {
  /** Wall time of the price file's import, ms. */
  ms: number;
  /** Peak resident memory of the importing process, MB. */
  peakMb: number;
  /** CPU time of the importing process, ms (user + system). */
  cpuMs: number;
  inserted: number;
  unchanged: number;
}

export interface MarketImportBench {
  rows: number;
  first: MarketImportRun;
  again: MarketImportRun;
}

async function child(env: NodeJS.ProcessEnv, dir: string, emitenOnly = false) {
  // As `npm run market:import` runs (see scripts/market-import.ts).
  const args = ['tsx', '--liftoff-only', 'scripts/lib/bench-market-child.ts', dir, ...(emitenOnly ? ['--emiten'] : [])];
  const r = await run('npx', args, {
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    maxBuffer: 1 << 20,
  });
  const line = r.stdout.trim().split('\n').at(-1)!;
  return JSON.parse(line) as MarketImportRun & { rows: number };
}

/** A throw-away database on the PostgreSQL server at `url`; returns its URL and a drop function. */
async function throwAwayDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = await import('pg');
  const name = `telaah_bench_${process.pid}`;
  const admin = async (q: string) => {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Generates (once per size, kept in the temp folder) and imports the market; `databaseUrl` picks PostgreSQL. */
export async function benchMarketImport(databaseUrl?: string): Promise<MarketImportBench> {
  const emiten = Number(process.env.BENCH_MARKET_EMITEN ?? 950);
  const years = Number(process.env.BENCH_MARKET_YEARS ?? 10);
  const dir = path.join(tmpdir(), `telaah-bench-market-${emiten}x${years}`);
  if (!existsSync(path.join(dir, 'actions.csv'))) {
    await generateMarket({ emiten, years, end: '2026-11-20' }, dir);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-bench-data-'));
  const pg = databaseUrl ? await throwAwayDatabase(databaseUrl) : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', APP_NOW: '2026-11-23T18:00:00+07:00' };
  try {
    // Creating the database and importing the emiten is its own step, as when a server created the folder.
    await child(env, dir, true);
    const first = await child(env, dir);
    const again = await child(env, dir);
    return { rows: first.rows, first, again };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

export function formatMarketRun(label: string, b: MarketImportBench): string[] {
  const f = (r: MarketImportRun) =>
    `${r.ms.toFixed(0)} ms (CPU ${r.cpuMs.toFixed(0)} ms), peak ${r.peakMb.toFixed(0)} MB, ${r.inserted} baru, ${r.unchanged} tidak berubah`;
  return [`${label}, ${b.rows} price rows: first ${f(b.first)}`, `${label}, re-import: ${f(b.again)}`];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void (async () => {
    const b = await benchMarketImport();
    for (const l of formatMarketRun('Embedded', b)) console.log(l);
    console.log(`market-import: ${b.first.ms.toFixed(0)} ms, peak ${b.first.peakMb.toFixed(0)} MB`);
    if (process.env.BENCH_DATABASE_URL) {
      const p = await benchMarketImport(process.env.BENCH_DATABASE_URL);
      for (const l of formatMarketRun('PostgreSQL', p)) console.log(l);
      console.log(`market-import (PostgreSQL): ${p.first.ms.toFixed(0)} ms, peak ${p.first.peakMb.toFixed(0)} MB`);
    }
  })();
}
