/**
 * Builds the engine's input for a member from the database — one query per table, never one per
 * ticker or day; daily closes come from series cached per market-data version (market/series.ts) —
 * and runs the engine for all their portfolios or one of them.
 */
import { inArray } from 'drizzle-orm';
import { addDays } from '../../../domain/dates';
import {
  computePortfolio,
  decisionKey,
  type DailyClose,
  type DividendDecision,
  type EngineInput,
  type PortfolioReport,
} from '../../../domain/portfolio';
import { IHSG_CODE } from '../../../domain/indexes';
import type { Db } from '../../db/client';
import { dividendTaxDecisions, emiten } from '../../db/schema';
import { closesBetween, indexSeries, stockSeries } from '../market/series';
import { statusFlags } from '../corporate/status';
import type { StatusFlags } from '../../../domain/corporate/status';
import { loadActions, loadHistory } from './history';
import { findPortfolio, listPortfolios } from './portfolios';
import type { Portfolio } from './types';

/** Days of prices loaded before the first transaction, so its day has a close in force. */
const LEAD_DAYS = 14;

export interface PortfolioData {
  portfolios: Portfolio[];
  /** The portfolio asked for; null for all of the member's portfolios. */
  selected: Portfolio | null;
  input: EngineInput;
  /** Company name per ticker held or traded. */
  names: Map<string, string>;
  /** True when any of those tickers carries generated demo prices. */
  demo: boolean;
  /** IDX status flags per ticker (docs/product.md §5.7); empty when loaded without prices. */
  flags: Map<string, StatusFlags>;
}

/** Each ticker's closes from `from` to `to`, cut from the cached series (market/series.ts). */
async function loadPrices(db: Db, tickers: string[], from: string, to: string): Promise<Map<string, DailyClose[]>> {
  if (tickers.length === 0) return new Map();
  const series = await stockSeries(db, tickers);
  return new Map(tickers.map((t) => [t, closesBetween(series.get(t)!, from, to)]));
}

async function loadIndex(db: Db, code: string, from: string, to: string): Promise<DailyClose[]> {
  const series = await indexSeries(db, [code]);
  return closesBetween(series.get(code)!, from, to);
}

async function loadCompanies(db: Db, tickers: string[]) {
  if (tickers.length === 0) return [];
  return db
    .select({ ticker: emiten.ticker, name: emiten.name, sector: emiten.sector, isDemo: emiten.isDemo })
    .from(emiten)
    .where(inArray(emiten.ticker, tickers));
}

/**
 * Everything the engine needs for the member's portfolios (or the one `portfolioId` names) as of
 * `asOf`, compared against the index `benchmark` (default IHSG; the engine's `ihsg` input carries
 * whichever index is chosen); undefined when `portfolioId` is not one of the member's.
 */
export async function loadPortfolioData(
  db: Db,
  userId: string,
  opts: { portfolioId?: string | null; asOf: string; benchmark?: string; prices?: boolean },
): Promise<PortfolioData | undefined> {
  const portfolios = await listPortfolios(db, userId);
  const selected = opts.portfolioId ? await findPortfolio(db, userId, opts.portfolioId) : null;
  if (selected === undefined) return undefined;
  const txs = await loadHistory(db, selected ? [selected.id] : portfolios.map((p) => p.id));
  const tickers = [...new Set(txs.flatMap((t) => (t.underlying ? [t.ticker, t.underlying] : [t.ticker])))];
  const from = addDays(txs[0]?.date ?? opts.asOf, -LEAD_DAYS);
  // Without prices (`prices: false`) the engine's sells, realised figures and dividends are exact; only
  // valuations and returns need the closes, and they are the bulk of the reading.
  const withPrices = opts.prices !== false;
  const [prices, ihsg, actions, companies, flags, decisions] = await Promise.all([
    withPrices ? loadPrices(db, tickers, from, opts.asOf) : new Map<string, DailyClose[]>(tickers.map((t) => [t, []])),
    withPrices ? loadIndex(db, opts.benchmark ?? IHSG_CODE, from, opts.asOf) : [],
    loadActions(db, tickers),
    loadCompanies(db, tickers),
    withPrices ? statusFlags(db, tickers) : new Map<string, StatusFlags>(),
    loadDecisions(db, selected ? [selected.id] : portfolios.map((p) => p.id)),
  ]);
  const input: EngineInput = {
    transactions: txs,
    prices,
    ihsg,
    corporateActions: actions,
    settings: new Map(portfolios.map((p) => [p.id, p.settings])),
    sectors: new Map(companies.map((c) => [c.ticker, c.sector])),
    asOf: opts.asOf,
    dividendDecisions: decisions,
  };
  const names = new Map(companies.map((c) => [c.ticker, c.name]));
  return { portfolios, selected, input, names, demo: companies.some((c) => c.isDemo), flags };
}

/** The engine's report over the loaded data, or over one portfolio of it. */
export function computeFor(data: PortfolioData, portfolioId?: string): PortfolioReport {
  if (!portfolioId) return computePortfolio(data.input);
  const input = { ...data.input, transactions: data.input.transactions.filter((t) => t.portfolioId === portfolioId) };
  return computePortfolio(input);
}

/** The decisions of these portfolios, by `decisionKey`. */
async function loadDecisions(db: Db, portfolioIds: readonly string[]): Promise<Map<string, DividendDecision>> {
  if (portfolioIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(dividendTaxDecisions)
    .where(inArray(dividendTaxDecisions.portfolioId, [...portfolioIds]));
  return new Map(
    rows.map((r) => [decisionKey(r.portfolioId, r.dividendKey), { choice: r.choice, paidDate: r.paidDate }]),
  );
}
