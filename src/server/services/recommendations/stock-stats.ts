/**
 * The market figures the risk classes of `domain/recommendations` are computed from: market cap,
 * one-year volatility and recent profitability, per ticker, from the market tables.
 */
import { sql } from 'drizzle-orm';
import { TRADING_DAYS_PER_YEAR } from '../../../domain/portfolio';
import type { StockStats } from '../../../domain/recommendations';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';

/** The risk figures plus the company name and last close. */
export interface MarketStats extends StockStats {
  name: string;
  lastClose: number | null;
}

/** Daily returns needed before a volatility figure counts (about three months of trading). */
const MIN_RETURNS_FOR_VOLATILITY = 60;

type Row = {
  ticker: string;
  name: string;
  sector: string;
  board: string;
  shares_outstanding: string | number;
  last_close: number | null;
  vol: number | null;
  n: string | number;
  net_income_4q: string | number | null;
  quarters: string | number;
};

/**
 * Name, last close and risk figures for the given tickers (unknown tickers are left out). Volatility is the sample standard
 * deviation of the last 250 daily log returns, annualised with √252; the return across the ex date of
 * a split, reverse split or bonus is left out, as the price jump there is not a market move.
 * Profitable: net income summed over the last four reported quarters is above zero (null with fewer
 * than four quarters).
 */
export async function stockStats(db: Db, tickers: readonly string[]): Promise<Map<string, MarketStats>> {
  const map = new Map<string, MarketStats>();
  if (tickers.length === 0) return map;
  const list = sql.join(
    tickers.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await executeRows<Row>(
    db,
    sql`
    with recent as (
      select p.ticker, p.date, p.close,
             lag(p.close) over (partition by p.ticker order by p.date) as prev,
             row_number() over (partition by p.ticker order by p.date desc) as rn
      from daily_prices p
      -- A year of trading days lies within 400 calendar days; older prices are not read.
      where p.ticker in (${list})
        and p.date > (select max(date) from daily_prices where ticker in (${list})) - 400
    ),
    returns as (
      select r.ticker, ln(r.close::float8 / r.prev) as ret
      from recent r
      where r.rn <= 250 and r.prev is not null and r.prev > 0 and r.close > 0
        and not exists (
          select 1 from corporate_actions a
          where a.ticker = r.ticker and a.type in ('split', 'reverse_split', 'bonus') and a.ex_date = r.date
        )
    ),
    vol as (
      select ticker, stddev_samp(ret) * sqrt(${TRADING_DAYS_PER_YEAR}) as vol, count(*) as n from returns group by ticker
    ),
    quarters as (
      select ticker, net_income, row_number() over (partition by ticker order by period_end desc) as rn
      from fundamentals where ticker in (${list})
    ),
    profit as (
      select ticker, sum(net_income) as net_income_4q, count(*) as quarters from quarters where rn <= 4 group by ticker
    )
    select e.ticker, e.name, e.sector, e.board, e.shares_outstanding,
           (select close from recent r where r.ticker = e.ticker and r.rn = 1) as last_close,
           v.vol, coalesce(v.n, 0) as n, pr.net_income_4q, coalesce(pr.quarters, 0) as quarters
    from emiten e
    left join vol v on v.ticker = e.ticker
    left join profit pr on pr.ticker = e.ticker
    where e.ticker in (${list})`,
  );
  for (const r of result) {
    const close = r.last_close === null ? null : Number(r.last_close);
    map.set(r.ticker, {
      ticker: r.ticker,
      name: r.name,
      sector: r.sector,
      board: r.board,
      lastClose: close,
      marketCap: close === null ? null : close * Number(r.shares_outstanding),
      volatility: Number(r.n) >= MIN_RETURNS_FOR_VOLATILITY && r.vol !== null ? Number(r.vol) : null,
      profitable: Number(r.quarters) >= 4 && r.net_income_4q !== null ? Number(r.net_income_4q) > 0 : null,
    });
  }
  return map;
}
