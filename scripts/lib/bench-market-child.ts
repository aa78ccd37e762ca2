/**
 * The importing process of the market import benchmark (scripts/bench-market-import.ts): opens the
 * database of its environment and imports `emiten.csv` (`--emiten`: creating the data folder, whose
 * initdb alone peaks above 1 GB in PGlite, happens in that step) or `prices.csv` from the folder given,
 * then prints one JSON line with the file's time, its CPU time and this process' peak RSS.
 *
 *   tsx scripts/lib/bench-market-child.ts DIR [--emiten]
 */
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { importMarketFile } from '../../src/server/services/market-import';

const [dir = '.', flag] = process.argv.slice(2);
const h = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? '',
});
try {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const r = await importMarketFile(h.db, path.join(dir, flag === '--emiten' ? 'emiten.csv' : 'prices.csv'));
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (r.errors.length) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const cpuMs = (used.user + used.system) / 1000;
  console.log(JSON.stringify({ ms, cpuMs, peakMb, rows: r.rows, inserted: r.inserted, unchanged: r.unchanged }));
} finally {
  await h.close();
}
