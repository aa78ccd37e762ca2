/**
 * The member `npm run bench:web` signs in as: 2 000 transactions over the 60 tickers with the longest
 * histories, on real trading days at that day's close, buys with a sell of part of the position now and
 * then (never more than held), written in one transaction.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { dailyPrices, emiten, portfolios, transactions, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { computedFee } from '../../src/domain/portfolio/entry-rules';
import { ensureDemoData } from './demo';

/** Loads the demo data (real tickers with analyses, demo accounts) into a new database. */
export async function loadDemo(env: NodeJS.ProcessEnv): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
  try {
    await ensureDemoData(handle, { market: true, accounts: true, allowExternal: true });
  } finally {
    await handle.close();
  }
}

export interface BenchMember {
  email: string;
  password: string;
  /** A ticker with an analysis, its sector, and that analysis' URL. */
  ticker: string;
  sector: string;
  analysisUrl: string;
}

const TICKERS = 60;
const TRANSACTIONS = 2_000;
const ANALYSIS = { ticker: 'BBCA', url: '/analisis/BBCA/kinerja-tahun-buku-2025' };

export async function addMember(env: NodeJS.ProcessEnv): Promise<BenchMember> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
  const { db } = handle;
  try {
    const member: BenchMember = {
      email: 'bench@telaah.test',
      password: 'bench-password-0123',
      ticker: ANALYSIS.ticker,
      sector: '',
      analysisUrl: ANALYSIS.url,
    };
    const [company] = await db.select().from(emiten).where(eq(emiten.ticker, ANALYSIS.ticker));
    if (!company) throw new Error(`${ANALYSIS.ticker} is not in the generated market`);
    member.sector = company.sector;
    const longest = await db
      .select({ ticker: dailyPrices.ticker, n: sql<number>`count(*)::int` })
      .from(dailyPrices)
      .groupBy(dailyPrices.ticker)
      .orderBy(desc(sql`count(*)`))
      .limit(TICKERS);
    const passwordHash = await hashPassword(member.password);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: member.email, name: 'Bench', role: 'member', passwordHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      const [portfolio] = await tx.insert(portfolios).values({ userId: user!.id, name: 'Bench' }).returning();
      const settings = { buyBps: portfolio!.buyBps, sellBps: portfolio!.sellBps };
      const perTicker = Math.ceil(TRANSACTIONS / longest.length);
      const rows: (typeof transactions.$inferInsert)[] = [];
      for (const { ticker } of longest) {
        const bars = await tx
          .select({ date: dailyPrices.date, close: dailyPrices.close })
          .from(dailyPrices)
          .where(eq(dailyPrices.ticker, ticker))
          .orderBy(dailyPrices.date);
        let held = 0;
        for (let i = 0; i < perTicker && rows.length < TRANSACTIONS; i++) {
          const bar = bars[Math.floor(((i + 0.5) * bars.length) / perTicker)]!;
          const sell = i % 4 === 3 && held >= 200;
          const shares = sell ? Math.floor(held / 200) * 100 : 100 * (1 + (i % 5));
          held += sell ? -shares : shares;
          const type = sell ? 'sell' : 'buy';
          const fee = computedFee(type, shares, bar.close, settings as never);
          rows.push({
            portfolioId: portfolio!.id,
            date: bar.date,
            ticker,
            type,
            shares,
            price: String(bar.close),
            fee,
          });
        }
      }
      for (let i = 0; i < rows.length; i += 500) await tx.insert(transactions).values(rows.slice(i, i + 500));
    });
    return member;
  } finally {
    await handle.close();
  }
}

/** Other members, each with an empty portfolio, who write during the mixed-writes run of `npm run bench:web`. */
export async function addWriters(
  env: NodeJS.ProcessEnv,
  count: number,
): Promise<{ email: string; password: string }[]> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
  try {
    const password = 'bench-writer-password-0123';
    const passwordHash = await hashPassword(password);
    const writers = Array.from({ length: count }, (_, i) => ({ email: `bench-writer-${i}@telaah.test`, password }));
    for (const w of writers) {
      const [user] = await handle.db
        .insert(users)
        .values({ email: w.email, name: 'Penulis Bench', role: 'member', passwordHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      await handle.db.insert(portfolios).values({ userId: user!.id, name: 'Bench' });
    }
    return writers;
  } finally {
    await handle.close();
  }
}
