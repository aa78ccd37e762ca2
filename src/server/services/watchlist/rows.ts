/**
 * The rows of a watchlist (docs/product.md §10): market figures per code read in one query, the IDX status
 * flags, and the latest
 * call shown only to a viewer whose tier reaches the analysis' tier (docs/decisions/0008) — a locked call
 * shows its rating's lock, never its target, fair value or upside.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { canReadAnalysis } from '../../../domain/analysis-access';
import type { Tier } from '../../../domain/tiers';
import type { SortDirection } from '../../../domain/sort-direction';
import type { LatestCall } from '../../content/latest-calls';
import { hasFlags, type StatusFlags } from '../../../domain/corporate/status';
import { statusFlags } from '../corporate/status';

export interface WatchRow {
  ticker: string;
  name: string;
  date: string | null;
  close: number | null;
  change: number | null;
  changePct: number | null;
  low52: number | null;
  high52: number | null;
  nextCumDate: string | null;
  /** IDX status flags (notations, special monitoring board, suspension; docs/product.md §5.7); null: none. */
  flags: StatusFlags | null;
  call: null | {
    href: string;
    title: string;
    tier: Tier;
    rating: LatestCall['rating'];
    /** False: the viewer's tier is below the analysis'; the numbers below are then null. */
    readable: boolean;
    targetPrice: number | null;
    fairValue: number | null;
    upside: number | null;
    fairUpside: number | null;
  };
}

interface MarketRow {
  ticker: string;
  name: string;
  date: string | null;
  close: number | null;
  prev: number | null;
  high52: number | null;
  low52: number | null;
  cum: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Last close, previous close, 52-week range (by calendar year back from the last close) and the next cum date. */
async function marketRows(db: Db, codes: readonly string[], today: string): Promise<MarketRow[]> {
  if (!codes.length) return [];
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  const result = await executeRows<Record<string, unknown>>(
    db,
    sql`
    select e.ticker, e.name, l.date::text as date, l.close, p.close as prev, w.high52, w.low52, d.cum::text as cum
    from emiten e
    left join lateral (
      select dp.date, dp.close from daily_prices dp where dp.ticker = e.ticker order by dp.date desc limit 1
    ) l on true
    left join lateral (
      select dp.close from daily_prices dp where dp.ticker = e.ticker and dp.date < l.date order by dp.date desc limit 1
    ) p on true
    left join lateral (
      select max(dp.high) as high52, min(dp.low) as low52 from daily_prices dp
      where dp.ticker = e.ticker and dp.date > l.date - 365 and dp.date <= l.date
    ) w on true
    left join lateral (
      select min(ca.cum_date) as cum from corporate_actions ca
      where ca.ticker = e.ticker and ca.type = 'dividend' and ca.cum_date >= ${today}::date
    ) d on true
    where e.ticker in (${list})`,
  );
  return result.map((r) => ({
    ticker: String(r.ticker),
    name: String(r.name),
    date: (r.date as string | null) ?? null,
    close: num(r.close),
    prev: num(r.prev),
    high52: num(r.high52),
    low52: num(r.low52),
    cum: (r.cum as string | null) ?? null,
  }));
}

function callView(call: LatestCall | undefined, close: number | null, viewerTier: Tier | null): WatchRow['call'] {
  if (!call) return null;
  const readable = canReadAnalysis(viewerTier, call.tier);
  const up = (v: number | null) => (readable && v && close ? v / close - 1 : null);
  return {
    href: call.href,
    title: call.title,
    tier: call.tier,
    rating: call.rating,
    readable,
    targetPrice: readable ? call.targetPrice : null,
    fairValue: readable ? call.fairValue : null,
    upside: up(call.targetPrice),
    fairUpside: up(call.fairValue),
  };
}

export async function watchRows(
  db: Db,
  codes: readonly string[],
  calls: ReadonlyMap<string, LatestCall>,
  viewerTier: Tier | null,
  today: string,
): Promise<WatchRow[]> {
  const [market, flags] = await Promise.all([marketRows(db, codes, today), statusFlags(db, codes)]);
  const flagsOf = (ticker: string) => {
    const f = flags.get(ticker);
    return f && hasFlags(f) ? f : null;
  };
  return market.map((m) => ({
    ticker: m.ticker,
    name: m.name,
    date: m.date,
    close: m.close,
    change: m.close !== null && m.prev !== null ? m.close - m.prev : null,
    changePct: m.close !== null && m.prev ? m.close / m.prev - 1 : null,
    low52: m.low52,
    high52: m.high52,
    nextCumDate: m.cum,
    flags: flagsOf(m.ticker),
    call: callView(calls.get(m.ticker), m.close, viewerTier),
  }));
}

export const WATCH_SORTS = ['kode', 'perubahan', 'upside', 'harga', 'cum'] as const;
export type WatchSort = (typeof WATCH_SORTS)[number];

/**
 * Sorted copy. Missing values go last whatever the direction, so that a locked upside never sorts among
 * the readable ones and its place cannot hint at its value.
 */
export function sortRows(rows: readonly WatchRow[], by: WatchSort, dir: SortDirection): WatchRow[] {
  const key = (r: WatchRow): number | string | null => {
    switch (by) {
      case 'kode':
        return r.ticker;
      case 'perubahan':
        return r.changePct;
      case 'upside':
        return r.call?.upside ?? null;
      case 'harga':
        return r.close;
      case 'cum':
        return r.nextCumDate;
    }
  };
  const sign = dir === 'naik' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? a.ticker.localeCompare(b.ticker) : ka === null ? 1 : -1;
    const c = typeof ka === 'string' ? ka.localeCompare(kb as string) : ka - (kb as number);
    return c === 0 ? a.ticker.localeCompare(b.ticker) : sign * c;
  });
}
