/**
 * Status flags of listed companies as the pages show them (docs/product.md §5.7): the data's notation
 * letters, board and suspension flag, and suspension derived from trading (no trade for
 * SUSPENSION_TRADING_DAYS trading days on which other stocks traded). Two queries plus one per
 * distinct last-trade day.
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/dates';
import { suspension, SUSPENSION_TRADING_DAYS, type StatusFlags } from '../../../domain/corporate/status';
import type { Db } from '../../db/client';
import { dailyPrices, emiten } from '../../db/schema';

/** Calendar days looked back for a last trade; a listed stock without one in them has not traded for weeks. */
const WINDOW_DAYS = 30;

/** Each ticker's last day with volume > 0 inside the window before the market's last day. */
async function lastTrades(db: Db, tickers: string[], from: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ ticker: dailyPrices.ticker, last: sql<string>`max(${dailyPrices.date})::text` })
    .from(dailyPrices)
    .where(and(inArray(dailyPrices.ticker, tickers), gt(dailyPrices.date, from), gt(dailyPrices.volume, 0)))
    .groupBy(dailyPrices.ticker);
  return new Map(rows.map((r) => [r.ticker, r.last]));
}

async function marketLastDay(db: Db): Promise<string | null> {
  const [row] = await db.select({ last: sql<string | null>`max(${dailyPrices.date})::text` }).from(dailyPrices);
  return row?.last ?? null;
}

/** Up to `n` days after `day` on which any stock traded, ascending. */
async function marketDaysAfter(db: Db, day: string, n: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: dailyPrices.date })
    .from(dailyPrices)
    .where(and(gt(dailyPrices.date, day), gt(dailyPrices.volume, 0)))
    .orderBy(dailyPrices.date)
    .limit(n);
  return rows.map((r) => r.date);
}

/** Status flags per ticker of `tickers` that `emiten` holds. */
export async function statusFlags(db: Db, tickers: readonly string[]): Promise<Map<string, StatusFlags>> {
  const out = new Map<string, StatusFlags>();
  const list = [...new Set(tickers)];
  if (list.length === 0) return out;
  const marketDay = await marketLastDay(db);
  const from = marketDay ? addDays(marketDay, -WINDOW_DAYS) : '9999-12-31';
  const [companies, last] = await Promise.all([
    db
      .select({
        ticker: emiten.ticker,
        notations: emiten.notations,
        board: emiten.board,
        suspended: emiten.suspended,
        listingDate: emiten.listingDate,
        delistedAt: emiten.delistedAt,
      })
      .from(emiten)
      .where(inArray(emiten.ticker, list)),
    lastTrades(db, list, from),
  ]);
  const after = new Map<string, string[]>();
  const days = new Set(last.values()).add(from);
  for (const day of days) after.set(day, await marketDaysAfter(db, day, SUSPENSION_TRADING_DAYS));
  for (const c of companies) {
    // A company delisted by the market's last day is gone, not suspended: its pages say so instead.
    if (c.delistedAt && marketDay && c.delistedAt <= marketDay) {
      out.set(c.ticker, { notations: c.notations, board: c.board, suspended: null });
      continue;
    }
    // Listed before the window yet no trade in it: it has not traded since at least the window's start.
    const lastTradeDate = last.get(c.ticker) ?? (c.listingDate < from ? from : null);
    const marketDays = lastTradeDate ? after.get(lastTradeDate)! : [];
    out.set(c.ticker, {
      notations: c.notations,
      board: c.board,
      suspended: suspension({ flagged: c.suspended, lastTradeDate, marketDaysAfter: marketDays }),
    });
  }
  return out;
}

/** One company's flags; null for an unknown ticker. */
export async function statusFlagsOf(db: Db, ticker: string): Promise<StatusFlags | null> {
  return (await statusFlags(db, [ticker])).get(ticker) ?? null;
}
