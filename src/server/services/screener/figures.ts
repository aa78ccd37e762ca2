/**
 * The whole market's screener figures (docs/product.md §11), read in one query per market-data version and
 * kept in memory: each emiten's last close, the closes one month, one year and three years before it, the
 * 52-week high, the trailing fundamentals and dividends, and its index memberships on the screening day (the
 * market's last day with prices: per index, the period with the latest effective date on or before it).
 * Ratios are computed here, the call is added per viewer by `screenerRows`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { perMarketVersion } from '../market/cache';
import { CURRENT_PERIODS, currentPeriodsOn } from './index-membership';
import type { ScreenFigures } from '../../../domain/screener';

export interface MarketFigures extends ScreenFigures {
  asOf: string | null;
  /** Last quarter of the trailing four the ratios use. */
  period: string | null;
  /** Indexes the code belongs to on the screening day (docs/product.md §5.8), alphabetical. */
  indexes: string[];
}

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b <= 0 ? null : a / b);
const ret = (close: number | null, then: number | null) => (close === null || !then ? null : close / then - 1);

export function marketFigures(db: Db): Promise<MarketFigures[]> {
  return perMarketVersion(db, 'screener-figures', () => readFigures(db));
}

/**
 * The figures as they stood on `day` (each code's last close on or before it, index membership on that day),
 * read afresh: the daily screen-alert evaluation (services/alerts/screens.ts).
 */
export function marketFiguresOn(db: Db, day: string): Promise<MarketFigures[]> {
  return readFigures(db, day);
}

async function readFigures(db: Db, day?: string): Promise<MarketFigures[]> {
  const onOrBefore = day === undefined ? sql`` : sql`and d.date <= ${day}::date`;
  const closeBefore = (interval: string) => sql`(
    select p.close from daily_prices p
    where p.ticker = e.ticker and p.date <= (l.date - ${interval}::interval)::date order by p.date desc limit 1)`;
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`
    with ${day === undefined ? CURRENT_PERIODS : currentPeriodsOn(day)},
    membership as (
      select c.ticker, string_agg(c.index_code, ',' order by c.index_code) as codes
      from index_constituents c
      join current_periods p on p.index_code = c.index_code and p.effective_date = c.effective_date
      group by c.ticker)
    select e.ticker, m.codes as index_codes, e.name, e.sector, e.sub_sector, e.board, e.shares_outstanding,
      l.date::text as as_of, l.close,
      ${closeBefore('1 month')} as c1m,
      ${closeBefore('1 year')} as c1y,
      ${closeBefore('3 years')} as c3y,
      (select max(p.high) from daily_prices p where p.ticker = e.ticker and p.date > l.date - 365 and p.date <= l.date) as high52,
      q.eps_ttm, q.ni_ttm, q.quarters, q.period,
      (select f.bvps from fundamentals f where f.ticker = e.ticker and f.period_end <= l.date
        order by f.period_end desc limit 1) as bvps,
      (select f.equity from fundamentals f where f.ticker = e.ticker and f.period_end <= l.date
        order by f.period_end desc limit 1) as equity,
      (select coalesce(sum(ca.amount), 0) from corporate_actions ca where ca.ticker = e.ticker and ca.type = 'dividend'
        and ca.ex_date > l.date - 365 and ca.ex_date <= l.date) as div_ttm
    from emiten e
    left join membership m on m.ticker = e.ticker
    left join lateral (
      select d.date, d.close from daily_prices d where d.ticker = e.ticker ${onOrBefore} order by d.date desc limit 1
    ) l on true
    left join lateral (
      select sum(t.eps) as eps_ttm, sum(t.net_income) as ni_ttm, count(*) as quarters, max(t.period_end)::text as period
      from (select f.eps, f.net_income, f.period_end from fundamentals f
            where f.ticker = e.ticker and f.period_end <= l.date order by f.period_end desc limit 4) t
    ) q on true
    where e.delisted_at is null
    order by e.ticker`,
  );
  return rows.map((r) => {
    const close = n(r.close);
    const full = Number(r.quarters ?? 0) === 4;
    const eps = full ? n(r.eps_ttm) : null;
    const high = n(r.high52);
    return {
      ticker: String(r.ticker),
      name: String(r.name),
      sector: String(r.sector),
      subSector: String(r.sub_sector),
      board: String(r.board),
      asOf: (r.as_of as string | null) ?? null,
      close,
      marketCap: close === null ? null : close * Number(r.shares_outstanding),
      per: ratio(close, eps),
      pbv: ratio(close, n(r.bvps)),
      roe: full ? ratio(n(r.ni_ttm), n(r.equity)) : null,
      dividendYield: close ? (n(r.div_ttm) ?? 0) / close : null,
      ret1m: ret(close, n(r.c1m)),
      ret1y: ret(close, n(r.c1y)),
      ret3y: ret(close, n(r.c3y)),
      fromHigh: close === null || !high ? null : close / high - 1,
      period: full ? ((r.period as string | null) ?? null) : null,
      indexes: r.index_codes ? String(r.index_codes).split(',') : [],
    };
  });
}
