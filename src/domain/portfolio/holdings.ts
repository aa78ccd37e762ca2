/**
 * Holdings at the as-of date (per portfolio and combined), realised totals and allocation.
 */
import { LOT_SIZE } from '../idx';
import type { Position } from './ledger';
import type { PriceTable } from './prices';
import type { AllocationSlice, Holding, RealisedSell, RealisedTotals } from './types';

interface Closes {
  close: number | null;
  date: string | null;
  previous: number | null;
}

/**
 * The last session: the latest valuation day on which any ticker involved has its own close (on a
 * weekend valued "as of" Sunday, Friday). -1 without closes.
 */
function lastSessionDay(table: PriceTable): number {
  let latest: string | null = null;
  for (const d of table.lastCloseDates) if (d !== null && (latest === null || d > latest)) latest = d;
  let day = table.dates.length - 1;
  while (day >= 0 && latest !== null && table.dates[day]! > latest) day--;
  return latest === null ? -1 : day;
}

/**
 * Last close in force on the last valuation day for a ticker, with its date, and the close in force
 * the session before the last session (a ticker that did not trade in the last session changed by 0).
 */
function lastClose(table: PriceTable, tickerIndex: number, sessionDay: number): Closes {
  const days = table.dates.length;
  const at = (day: number) => (day >= 0 ? table.closes[day * table.tickerCount + tickerIndex]! : NaN);
  const close = at(days - 1);
  if (close !== close) return { close: null, date: null, previous: null };
  const previous = at(sessionDay - 1);
  return {
    close,
    date: table.lastCloseDates[tickerIndex] ?? null,
    previous: previous === previous ? previous : null,
  };
}

function holding(
  portfolioId: string | null,
  ticker: string,
  shares: number,
  cost: number,
  close: Closes,
  sector: string | null,
): Holding {
  const marketValue = close.close === null ? cost : shares * close.close;
  const moved = close.close !== null && close.previous !== null && close.previous > 0;
  return {
    portfolioId,
    ticker,
    sector,
    shares,
    lots: Math.floor(shares / LOT_SIZE),
    oddShares: shares % LOT_SIZE,
    averagePrice: shares > 0 ? cost / shares : 0,
    remainingCost: cost,
    lastClose: close.close,
    lastCloseDate: close.date,
    previousClose: close.previous,
    dayChange: moved ? shares * (close.close! - close.previous!) : null,
    dayChangePct: moved ? (close.close! - close.previous!) / close.previous! : null,
    marketValue,
    unrealised: marketValue - cost,
    unrealisedPct: cost > 0 ? (marketValue - cost) / cost : null,
    weight: 0,
  };
}

function setWeights(rows: Holding[], keyOf: (h: Holding) => string | null): void {
  const totals = new Map<string | null, number>();
  for (const h of rows) totals.set(keyOf(h), (totals.get(keyOf(h)) ?? 0) + h.marketValue);
  for (const h of rows) {
    const total = totals.get(keyOf(h))!;
    h.weight = total > 0 ? h.marketValue / total : 0;
  }
}

const byTicker = (a: Holding, b: Holding) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0);

/** Open positions per portfolio and combined over all portfolios, each sorted by ticker. */
export function buildHoldings(
  positions: readonly Position[],
  tickers: readonly string[],
  table: PriceTable,
  sectors: ReadonlyMap<string, string>,
): { byPortfolio: Holding[]; combined: Holding[] } {
  const byPortfolio: Holding[] = [];
  const session = lastSessionDay(table);
  const shares = new Float64Array(tickers.length);
  const cost = new Float64Array(tickers.length);
  for (const p of positions) {
    if (p.shares === 0) continue;
    byPortfolio.push(
      holding(
        p.portfolioId,
        p.ticker,
        p.shares,
        p.cost,
        lastClose(table, p.tickerIndex, session),
        sectors.get(p.ticker) ?? null,
      ),
    );
    shares[p.tickerIndex]! += p.shares;
    cost[p.tickerIndex]! += p.cost;
  }
  const combined: Holding[] = [];
  tickers.forEach((t, i) => {
    if (shares[i]! > 0)
      combined.push(holding(null, t, shares[i]!, cost[i]!, lastClose(table, i, session), sectors.get(t) ?? null));
  });
  setWeights(byPortfolio, (h) => h.portfolioId);
  setWeights(combined, () => null);
  byPortfolio.sort((a, b) =>
    a.portfolioId! < b.portfolioId! ? -1 : a.portfolioId! > b.portfolioId! ? 1 : byTicker(a, b),
  );
  return { byPortfolio, combined: combined.sort(byTicker) };
}

/** Realised totals per portfolio (sorted by id) and overall. */
export function realisedTotals(
  sells: readonly RealisedSell[],
  positions: readonly Position[],
): { byPortfolio: RealisedTotals[]; total: RealisedTotals } {
  const map = new Map<string, RealisedTotals>();
  const get = (id: string) =>
    map.get(id) ?? map.set(id, { portfolioId: id, sells: 0, expensedBuyFees: 0, total: 0 }).get(id)!;
  for (const s of sells) get(s.portfolioId).sells += s.realised;
  for (const p of positions) if (p.expensedFees > 0) get(p.portfolioId).expensedBuyFees += p.expensedFees;
  const total: RealisedTotals = { portfolioId: null, sells: 0, expensedBuyFees: 0, total: 0 };
  const byPortfolio = [...map.values()].sort((a, b) => (a.portfolioId! < b.portfolioId! ? -1 : 1));
  for (const t of byPortfolio) {
    t.total = t.sells - t.expensedBuyFees;
    total.sells += t.sells;
    total.expensedBuyFees += t.expensedBuyFees;
  }
  total.total = total.sells - total.expensedBuyFees;
  return { byPortfolio, total };
}

/** Market value grouped by `keyOf`, largest first. */
export function allocation(rows: readonly Holding[], keyOf: (h: Holding) => string | null): AllocationSlice[] {
  const map = new Map<string | null, number>();
  let total = 0;
  for (const h of rows) {
    map.set(keyOf(h), (map.get(keyOf(h)) ?? 0) + h.marketValue);
    total += h.marketValue;
  }
  return [...map.entries()]
    .map(([key, marketValue]) => ({ key, marketValue, weight: total > 0 ? marketValue / total : 0 }))
    .sort((a, b) => b.marketValue - a.marketValue);
}
