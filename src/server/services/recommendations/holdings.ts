/**
 * The one place recommendations read a member's holdings from.
 *
 * Contract: `memberHoldings(db, userId, asOf)` returns the member's open positions combined over all
 * their portfolios as of `asOf` (`YYYY-MM-DD`): ticker, shares after splits and bonus shares, market
 * value at the last close, and weight = market value ÷ the member's total market value. It computes
 * them with the portfolio engine from the portfolio tables `portfolios (id, user_id)` and
 * `transactions (portfolio_id, date, seq, ticker, type, shares, price, fee)`, `seq` ordering a day's entries — the shape of the engine's
 * `Transaction` — and returns no positions on a database that has no portfolio tables.
 */
import { sql } from 'drizzle-orm';
import { computePortfolio, type CorporateAction, type DailyClose, type Transaction } from '../../../domain/portfolio';
import type { HeldPosition } from '../../../domain/recommendations';
import type { Db } from '../../db/client';

type Rows<T> = { rows: T[] };

async function hasPortfolioTables(db: Db): Promise<boolean> {
  const r = await db.execute(
    sql`select to_regclass('public.portfolios') is not null and to_regclass('public.transactions') is not null as present`,
  );
  return Boolean((r as unknown as Rows<{ present: boolean }>).rows[0]?.present);
}

/** The member's combined open positions as of `asOf`, with weights (see the contract above). */
export async function memberHoldings(db: Db, userId: string, asOf: string): Promise<HeldPosition[]> {
  if (!(await hasPortfolioTables(db))) return [];
  const txResult = await db.execute(sql`
    select t.id::text as id, t.portfolio_id::text as "portfolioId", t.date::text as date, t.ticker, t.type,
           t.shares::float8 as shares, t.price::float8 as price, t.fee::float8 as fee
    from transactions t join portfolios p on p.id = t.portfolio_id
    where p.user_id = ${userId} and t.date <= ${asOf}::date
    order by t.date, t.seq`);
  const transactions = (txResult as unknown as Rows<Transaction>).rows;
  if (transactions.length === 0) return [];
  const tickers = [...new Set(transactions.map((t) => t.ticker))];
  const list = sql.join(
    tickers.map((t) => sql`${t}`),
    sql`, `,
  );
  const first = transactions[0]!.date;
  const [priceResult, actionResult] = await Promise.all([
    db.execute(sql`
      select ticker, date::text as date, close from daily_prices
      where ticker in (${list}) and date >= ${first}::date and date <= ${asOf}::date order by ticker, date`),
    db.execute(sql`
      select ticker, type, cum_date::text as "cumDate", ex_date::text as "exDate", payment_date::text as "paymentDate",
             amount::text as amount, ratio_from as "ratioFrom", ratio_to as "ratioTo"
      from corporate_actions where ticker in (${list}) and type <> 'rights'`),
  ]);
  const prices = new Map<string, DailyClose[]>();
  for (const p of (priceResult as unknown as Rows<{ ticker: string; date: string; close: number }>).rows) {
    const list = prices.get(p.ticker) ?? prices.set(p.ticker, []).get(p.ticker)!;
    list.push({ date: p.date, close: Number(p.close) });
  }
  const report = computePortfolio({
    transactions,
    prices,
    ihsg: [],
    corporateActions: (actionResult as unknown as Rows<CorporateAction>).rows,
    settings: new Map(),
    sectors: new Map(),
    asOf,
  });
  return report.holdings.combined
    .filter((h) => h.shares > 0)
    .map((h) => ({ ticker: h.ticker, shares: h.shares, marketValue: h.marketValue, weight: h.weight }));
}
