/**
 * Sample portfolios of the demo members (docs/product.md §9): trades of demo tickers over the last three years at
 * that day's demo close, with partial and full sells, the BBNI split, and holdings that receive
 * dividends (some still upcoming). Deterministic for a given demo market; the admin gets none.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { addDays } from '../../domain/dates';
import { DEFAULT_FEES, LOT_SIZE, tradeFee } from '../../domain/idx';
import { sharesAfterSplit } from '../../domain/portfolio/money';
import type { Db } from '../db/client';
import { corporateActions, dailyPrices, portfolios, transactions, users } from '../db/schema';

/** One planned trade: lots to buy, or the share of the holding to sell (1 = everything). */
type Plan = { ticker: string; daysAgo: number } & ({ buyLots: number } | { sellShare: number });

interface DemoPortfolio {
  name: string;
  settings?: { dividendTaxPct?: number; feesInAverage?: boolean };
  plan: Plan[];
}

const buy = (ticker: string, daysAgo: number, buyLots: number): Plan => ({ ticker, daysAgo, buyLots });
const sell = (ticker: string, daysAgo: number, sellShare: number): Plan => ({ ticker, daysAgo, sellShare });

/** Monthly purchases ("nabung saham") from `fromDaysAgo` to `toDaysAgo`. */
const monthly = (ticker: string, fromDaysAgo: number, toDaysAgo: number, lots: number): Plan[] =>
  Array.from({ length: Math.floor((fromDaysAgo - toDaysAgo) / 30) + 1 }, (_, i) =>
    buy(ticker, fromDaysAgo - i * 30, lots),
  );

const DEMO_PORTFOLIOS: Record<string, DemoPortfolio[]> = {
  'premium@telaah.test': [
    {
      name: 'Sekuritas A',
      plan: [
        buy('BBCA', 1_000, 10),
        buy('BBCA', 700, 5),
        sell('BBCA', 400, 1 / 3),
        buy('BBNI', 900, 20),
        sell('BBNI', 300, 1 / 2),
        buy('TLKM', 850, 30),
        buy('TLKM', 500, 20),
        buy('ASII', 800, 15),
        sell('ASII', 200, 1),
        buy('ASII', 90, 10),
        buy('GOTO', 650, 500),
        sell('GOTO', 120, 3 / 5),
        buy('ADRO', 600, 25),
      ],
    },
    {
      name: 'Dividen',
      settings: { feesInAverage: false },
      plan: [
        buy('BBRI', 980, 30),
        buy('BBRI', 600, 20),
        sell('BBRI', 150, 1 / 5),
        buy('PTBA', 950, 40),
        buy('PTBA', 365, 20),
        buy('UNVR', 700, 20),
        buy('ITMG', 500, 2),
      ],
    },
  ],
  'reguler@telaah.test': [
    {
      name: 'Portofolio utama',
      plan: [
        buy('BBRI', 720, 20),
        buy('BBRI', 360, 10),
        buy('TLKM', 680, 15),
        sell('TLKM', 250, 1 / 3),
        buy('ICBP', 540, 5),
        buy('ANTM', 420, 50),
        sell('ANTM', 100, 1),
        buy('ASII', 300, 10),
      ],
    },
  ],
  'gratis@telaah.test': [
    {
      name: 'Portofolio utama',
      plan: [...monthly('BBRI', 720, 30, 2), buy('TLKM', 400, 3), buy('TLKM', 200, 3), sell('BBRI', 60, 1 / 4)],
    },
  ],
};

type Close = { date: string; close: number };

/** The last close on or before `date`. */
function closeOn(list: Close[], date: string): Close | undefined {
  let found: Close | undefined;
  for (const c of list) {
    if (c.date > date) break;
    found = c;
  }
  return found;
}

type Row = typeof transactions.$inferInsert;

/** The planned trades as rows, oldest first; sells are sized from the holding then (after splits). */
function trades(
  portfolioId: string,
  plan: Plan[],
  closes: Map<string, Close[]>,
  splits: Map<string, { exDate: string; from: number; to: number }[]>,
  today: string,
): Row[] {
  const held = new Map<string, { shares: number; date: string }>();
  const rows: Row[] = [];
  for (const p of [...plan].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const day = closeOn(closes.get(p.ticker) ?? [], addDays(today, -p.daysAgo));
    if (!day) continue;
    const position = held.get(p.ticker) ?? { shares: 0, date: day.date };
    for (const s of splits.get(p.ticker) ?? []) {
      if (s.exDate > position.date && s.exDate <= day.date)
        position.shares = sharesAfterSplit(position.shares, s.from, s.to);
    }
    const shares =
      'buyLots' in p ? p.buyLots * LOT_SIZE : Math.floor((position.shares * p.sellShare) / LOT_SIZE) * LOT_SIZE;
    if (shares <= 0) continue;
    const type = 'buyLots' in p ? 'buy' : 'sell';
    position.shares += type === 'buy' ? shares : -shares;
    position.date = day.date;
    held.set(p.ticker, position);
    const fee = tradeFee(shares * day.close, type === 'buy' ? DEFAULT_FEES.buyBps : DEFAULT_FEES.sellBps);
    rows.push({ portfolioId, date: day.date, ticker: p.ticker, type, shares, price: String(day.close), fee });
  }
  return rows;
}

/** Removes every portfolio (and so every transaction) of the demo accounts. */
export async function clearDemoPortfolios(db: Db): Promise<void> {
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, Object.keys(DEMO_PORTFOLIOS)));
  await db.delete(portfolios).where(inArray(portfolios.userId, ids));
}

/** Creates the demo members' sample portfolios as of `today` (their old ones are replaced); returns the number of trades. */
export async function loadDemoPortfolios(db: Db, userIds: ReadonlyMap<string, string>, today: string): Promise<number> {
  const tickers = [
    ...new Set(Object.values(DEMO_PORTFOLIOS).flatMap((list) => list.flatMap((p) => p.plan.map((t) => t.ticker)))),
  ];
  const [priceRows, splitRows] = await Promise.all([
    db
      .select({ ticker: dailyPrices.ticker, date: dailyPrices.date, close: dailyPrices.close })
      .from(dailyPrices)
      .where(and(inArray(dailyPrices.ticker, tickers), lte(dailyPrices.date, today)))
      .orderBy(asc(dailyPrices.ticker), asc(dailyPrices.date)),
    db
      .select()
      .from(corporateActions)
      .where(
        and(inArray(corporateActions.ticker, tickers), inArray(corporateActions.type, ['split', 'reverse_split'])),
      ),
  ]);
  const closes = new Map<string, Close[]>();
  for (const r of priceRows)
    (closes.get(r.ticker) ?? closes.set(r.ticker, []).get(r.ticker)!).push({ date: r.date, close: r.close });
  const splits = new Map<string, { exDate: string; from: number; to: number }[]>();
  for (const s of splitRows)
    (splits.get(s.ticker) ?? splits.set(s.ticker, []).get(s.ticker)!).push({
      exDate: s.exDate,
      from: s.ratioFrom!,
      to: s.ratioTo!,
    });
  let count = 0;
  // Distinct creation times keep each member's portfolios in the order listed (the first is the default).
  let created = Date.parse(`${today}T00:00:00Z`);
  await db.transaction(async (tx) => {
    for (const [email, list] of Object.entries(DEMO_PORTFOLIOS)) {
      const userId = userIds.get(email);
      if (!userId) continue;
      await tx.delete(portfolios).where(eq(portfolios.userId, userId));
      for (const p of list) {
        const [row] = await tx
          .insert(portfolios)
          .values({ userId, name: p.name, ...p.settings, createdAt: new Date(created++) })
          .returning({ id: portfolios.id });
        const rows = trades(row!.id, p.plan, closes, splits, today);
        if (rows.length > 0) await tx.insert(transactions).values(rows);
        count += rows.length;
      }
    }
  });
  return count;
}
