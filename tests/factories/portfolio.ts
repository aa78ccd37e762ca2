/** Test data for portfolios: a small market, portfolios and trades, created through the app's services. */
import type { Db } from '../../src/server/db/client';
import { corporateActions, dailyPrices, emiten, indexPrices } from '../../src/server/db/schema';
import { addTransaction, createPortfolio, type RawTransaction } from '../../src/server/services/portfolio';

export const TODAY = '2026-11-20';

/** A daily price row of `ticker` on `date` that opened, peaked, bottomed and closed at `c`. */
export function closeAt(ticker: string, date: string, c: number, volume = 1_000) {
  return { ticker, date, open: c, high: c, low: c, close: c, volume };
}

/** BBCA (listed 2000), BBRI with a dividend paid 2026-05-08, GOTO (listed 2022), a few closes and the IHSG. */
export async function seedMarket(db: Db): Promise<void> {
  const company = (ticker: string, name: string, listingDate: string) => ({
    ticker,
    name,
    sector: 'Keuangan',
    subSector: 'Bank',
    board: 'Utama',
    listingDate,
    sharesOutstanding: 1_000_000_000,
  });
  await db
    .insert(emiten)
    .values([
      company('BBCA', 'PT Bank Central Asia Tbk', '2000-05-31'),
      company('BBRI', 'PT Bank Rakyat Indonesia (Persero) Tbk', '2003-11-10'),
      { ...company('GOTO', 'PT GoTo Gojek Tokopedia Tbk', '2022-04-11'), sector: 'Teknologi' },
    ]);
  await db
    .insert(dailyPrices)
    .values([
      closeAt('BBCA', '2026-03-02', 8_950),
      closeAt('BBCA', '2026-09-14', 9_500),
      closeAt('BBCA', '2026-11-20', 9_800),
      closeAt('BBRI', '2026-03-02', 4_000),
      closeAt('BBRI', '2026-11-20', 4_200),
    ]);
  const ihsg = (date: string, c: number) => ({
    code: 'COMPOSITE',
    date,
    open: c,
    high: c,
    low: c,
    close: c,
    volume: 0,
  });
  await db
    .insert(indexPrices)
    .values([ihsg('2026-03-02', 7_000), ihsg('2026-09-14', 7_100), ihsg('2026-11-20', 7_350)]);
  await db.insert(corporateActions).values({
    ticker: 'BBRI',
    type: 'dividend',
    cumDate: '2026-04-09',
    exDate: '2026-04-10',
    recordingDate: '2026-04-13',
    paymentDate: '2026-05-08',
    amount: '208.4',
  });
}

export async function createTestPortfolio(
  db: Db,
  userId: string,
  name = 'Uji',
  settings: Record<string, unknown> = {},
) {
  const r = await createPortfolio(db, userId, { name, ...settings });
  if (!r.ok) throw new Error(r.message);
  return r.portfolio;
}

/** Adds a trade and fails the test when it is refused. */
export async function createTrade(db: Db, userId: string, portfolioId: string, raw: RawTransaction) {
  const r = await addTransaction(db, userId, portfolioId, raw, { today: TODAY });
  if (!r.ok) throw new Error(r.message);
  return r.transaction;
}
