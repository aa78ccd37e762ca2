/**
 * `npm run bench`: performance figures of the portfolio. The engine's full computation of 10 000
 * transactions over 50 tickers and five years of closes (target: median under 100 ms), then the import
 * of the same portfolio as a 10 000-row CSV on a fresh embedded database (target: median under 2 s),
 * then the first load of a generated market (950 emiten × 10 years of prices) into a fresh embedded data
 * folder and its re-import (see bench-market-import.ts; BENCH_DATABASE_URL adds a PostgreSQL run).
 * Then the admin console's overview and member search at 100 000 members (bench-admin.ts), and a
 * broadcast's preview and send to 100 000 members (bench-broadcasts.ts).
 * The last lines are `engine: {median} ms`, `import: {median} ms` and `market-import: N ms, peak M MB`.
 */
import { cpus, loadavg } from 'node:os';
import { benchEngine } from './bench-engine';
import { benchImport } from './bench-import';
import { benchMarketImport, formatMarketRun } from './bench-market-import';
import { benchDaily, formatDaily } from './bench-daily';
import { benchAdmin } from './bench-admin';
import { benchBroadcasts, formatBroadcasts } from './bench-broadcasts';

const list = (runs: number[]) => runs.map((t) => t.toFixed(1)).join(', ');

async function main(): Promise<void> {
  console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'})`);
  const engine = await benchEngine(9);
  console.log(`Engine, 10 000 transactions × 50 tickers × 1 250 days, 9 runs (ms): ${list(engine.runs)}`);
  const imported = await benchImport(5);
  console.log(`Import, ${imported.rows} CSV rows into a fresh PGlite, 5 runs (ms): ${list(imported.runs)}`);
  console.log(
    `  of which CPU time of this process (ms): ${list(imported.cpuMs)}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const market = await benchMarketImport();
  for (const l of formatMarketRun('Market import, embedded', market)) console.log(l);
  const pg = process.env.BENCH_DATABASE_URL ? await benchMarketImport(process.env.BENCH_DATABASE_URL) : undefined;
  if (pg) for (const l of formatMarketRun('Market import, PostgreSQL', pg)) console.log(l);
  const daily = await benchDaily();
  for (const l of formatDaily('Alerts and screener, embedded', daily)) console.log(l);
  const dailyPg = process.env.BENCH_DATABASE_URL ? await benchDaily(process.env.BENCH_DATABASE_URL) : undefined;
  if (dailyPg) for (const l of formatDaily('Alerts and screener, PostgreSQL', dailyPg)) console.log(l);
  // The admin console at 100 000 members and 300 000 payments (target: p95 under 200 ms each).
  const admin = await benchAdmin();
  console.log(`admin-overview: ${admin.overviewP95.toFixed(0)} ms p95`);
  console.log(`admin-search: ${admin.searchP95.toFixed(0)} ms p95 (with filters: ${admin.filteredP95.toFixed(0)} ms)`);
  console.log(`  load average ${loadavg()[0]!.toFixed(1)}`);
  // A broadcast to 100 000 members: preview and send, with the JS heap they add (decision 0039).
  const broadcasts = await benchBroadcasts();
  console.log(`engine: ${engine.medianMs.toFixed(1)} ms`);
  console.log(`import: ${imported.medianMs.toFixed(0)} ms`);
  if (pg)
    console.log(`market-import (PostgreSQL): ${pg.first.ms.toFixed(0)} ms, peak ${pg.first.peakMb.toFixed(0)} MB`);
  console.log(`market-import: ${market.first.ms.toFixed(0)} ms, peak ${market.first.peakMb.toFixed(0)} MB`);
  if (dailyPg) console.log(`alert-evaluation (PostgreSQL): ${dailyPg.evaluationMs.toFixed(0)} ms`);
  console.log(`alert-evaluation: ${daily.evaluationMs.toFixed(0)} ms`);
  console.log(`screener-p95: ${daily.screenerP95Ms.toFixed(1)} ms`);
  for (const l of formatBroadcasts(broadcasts)) console.log(l);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
