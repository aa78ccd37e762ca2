/**
 * Cash dividends: entitlement from holdings at the end of the cum date, gross/tax/net per portfolio,
 * manual entries, upcoming estimates and the dividend report.
 */
import type { DividendAction } from './actions';
import { toDay } from './dates';
import type { Position } from './ledger';
import { Dec, dividendGross, dividendTax } from './money';
import type { DividendRecord, DividendReport, DividendYearTotal, Transaction } from './types';

/** Where one declared dividend stands during the pass. */
export interface DividendState {
  action: DividendAction;
  records: DividendRecord[];
  net: number;
  entitled: boolean;
  /** Net amount currently counted in portfolio value as receivable. */
  booked: boolean;
  paid: boolean;
}

export function newDividendState(action: DividendAction): DividendState {
  return { action, records: [], net: 0, entitled: false, booked: false, paid: false };
}

function recordFor(action: DividendAction, p: Position, shares: number, estimated: boolean): DividendRecord {
  const gross = dividendGross(action.perShare, shares);
  const tax = dividendTax(gross, p.settings.dividendTaxPct);
  const a = action.source;
  return {
    source: 'corporate_action',
    transactionId: null,
    portfolioId: p.portfolioId,
    ticker: p.ticker,
    cumDate: a.cumDate,
    exDate: a.exDate,
    paymentDate: a.paymentDate ?? null,
    shares,
    amountPerShare: action.perShareText,
    gross,
    tax,
    net: gross - tax,
    status: 'upcoming',
    estimated,
  };
}

/** Fixes entitlement from the shares each position holds now (the end of the cum date). */
export function entitle(state: DividendState, positions: readonly Position[]): void {
  for (const p of positions) {
    if (p.shares <= 0) continue;
    const r = recordFor(state.action, p, p.shares, false);
    state.records.push(r);
    state.net += r.net;
  }
  state.entitled = true;
}

/** Marks a dividend paid; every record becomes received. */
export function markPaid(state: DividendState): void {
  for (const r of state.records) r.status = 'received';
  state.paid = true;
}

/** A manual dividend entry: gross = shares × price, taxed per the portfolio setting, received on its date. */
export function manualDividend(tx: Transaction, taxPct: number): DividendRecord {
  const perShare = new Dec(tx.price);
  const gross = dividendGross(perShare, tx.shares);
  const tax = dividendTax(gross, taxPct);
  return {
    source: 'manual',
    transactionId: tx.id,
    portfolioId: tx.portfolioId,
    ticker: tx.ticker,
    cumDate: null,
    exDate: null,
    paymentDate: tx.date,
    shares: tx.shares,
    amountPerShare: perShare.toString(),
    gross,
    tax,
    net: gross - tax,
    status: 'received',
    estimated: false,
  };
}

/** Upcoming dividends whose cum date is after the as-of date, estimated on the shares held at as-of. */
export function estimateUpcoming(
  actions: readonly DividendAction[],
  byTicker: readonly Position[][],
  asOfDay: number,
): DividendRecord[] {
  const out: DividendRecord[] = [];
  for (const action of actions) {
    if (action.cumDay <= asOfDay) continue;
    for (const p of byTicker[action.tickerIndex] ?? []) {
      if (p.shares > 0) out.push(recordFor(action, p, p.shares, true));
    }
  }
  return out;
}

function byYear(received: readonly DividendRecord[]): DividendYearTotal[] {
  const years = new Map<number, DividendYearTotal>();
  for (const r of received) {
    const year = Number(r.paymentDate!.slice(0, 4));
    const t = years.get(year) ?? { year, gross: 0, tax: 0, net: 0 };
    t.gross += r.gross;
    t.tax += r.tax;
    t.net += r.net;
    years.set(year, t);
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

/** The dividend report; `remainingCost` is the cost of what is held at the as-of date. */
export function dividendReport(records: DividendRecord[], asOfDay: number, remainingCost: number): DividendReport {
  const received = { gross: 0, tax: 0, net: 0 };
  const upcoming = { gross: 0, tax: 0, net: 0 };
  let trailingNet = 0;
  for (const r of records) {
    const t = r.status === 'received' ? received : upcoming;
    t.gross += r.gross;
    t.tax += r.tax;
    t.net += r.net;
    if (r.status === 'received' && asOfDay - toDay(r.paymentDate!) < 365) trailingNet += r.net;
  }
  const receivedRecords = records.filter((r) => r.status === 'received');
  return {
    records,
    received,
    upcoming,
    byYear: byYear(receivedRecords),
    yieldOnCost: remainingCost > 0 ? trailingNet / remainingCost : null,
  };
}
