/**
 * Benchmark of the transaction CSV import: the 10 000 transactions of the engine benchmark (50 tickers,
 * five years, with its split) as one file, checked and written into an empty portfolio on a fresh
 * in-memory PGlite each run. Run: `npx tsx scripts/bench-import.ts` → `import: {median} ms`. Target: under 2 s.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../src/server/db/client';
import { migrationsFolder } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { corporateActions, emiten, users } from '../src/server/db/schema';
import { CSV_HEADER, importTransactions } from '../src/server/services/portfolio';
import { benchInput } from './bench-engine';
import { TYPE_LABEL } from '../src/lib/labels';
import { pgliteOptions } from '../src/server/db/pglite-options';

/** The benchmark portfolio as one CSV file; every other row leaves the fee to the portfolio's rates. */
export function benchCsv(): { csv: string; today: string; tickers: string[] } {
  const input = benchInput();
  const lines = input.transactions.map((t, i) =>
    [t.date, t.ticker, TYPE_LABEL[t.type], t.shares, t.price, i % 2 === 0 ? t.fee : ''].join(','),
  );
  return {
    csv: `${CSV_HEADER.join(',')}\n${lines.join('\n')}\n`,
    today: input.asOf,
    tickers: [...input.prices.keys()],
  };
}

async function freshDatabase(snapshot: Blob | File, tickers: string[]) {
  const client = await PGlite.create({ loadDataDir: snapshot, ...(await pgliteOptions()) });
  const db = drizzle({ client, schema }) as unknown as Db;
  await db.insert(emiten).values(
    tickers.map((ticker) => ({
      ticker,
      name: `PT ${ticker} Tbk`,
      sector: 'Bench',
      subSector: 'Bench',
      board: 'Utama',
      listingDate: '2000-01-03',
      sharesOutstanding: 1_000_000_000,
    })),
  );
  await db.insert(corporateActions).values(
    benchInput().corporateActions.map((a) => ({
      ticker: a.ticker,
      type: a.type,
      cumDate: a.cumDate,
      exDate: a.exDate,
      paymentDate: a.paymentDate ?? null,
      amount: a.amount === null || a.amount === undefined ? null : String(a.amount),
      ratioFrom: a.ratioFrom ?? null,
      ratioTo: a.ratioTo ?? null,
    })),
  );
  const [user] = await db.insert(users).values({ name: 'Bench', email: 'bench@contoh.id' }).returning();
  return { client, db, userId: user!.id };
}

/** Imports the file `runs` times, each into a fresh database; returns the median and every run in ms. */
export async function benchImport(
  runs = 5,
): Promise<{ medianMs: number; runs: number[]; cpuMs: number[]; rows: number }> {
  const { csv, today, tickers } = benchCsv();
  const seed = await PGlite.create(await pgliteOptions());
  await migrate(drizzle({ client: seed }), { migrationsFolder: migrationsFolder() });
  const snapshot = await seed.dumpDataDir('none');
  await seed.close();
  const times: number[] = [];
  // CPU time of this process (the embedded database runs in it too): the cost without other load.
  const cpuMs: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const { client, db, userId } = await freshDatabase(snapshot, tickers);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const report = await importTransactions(db, userId, csv, { preview: false, today });
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    await client.close();
    if (!report.ok || report.imported === 0)
      throw new Error(`bench import failed: ${report.message} ${JSON.stringify(report.errors.slice(0, 3))}`);
    rows = report.imported;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runs: times, cpuMs, rows };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void benchImport().then(({ medianMs }) => console.log(`import: ${medianMs.toFixed(0)} ms`));
}
