/**
 * Cash dividends: entitlement from holdings at the end of the cum date, gross/tax/net per portfolio,
 * manual entries, upcoming estimates and the dividend report.
 */
import type { DividendAction } from './actions';
import { toDayNumber } from '../dates';
import type { Position } from './ledger';
import { assumedRecordingDate, corporateDividendKey, manualDividendKey, taxTaken, taxTreatment } from './dividend-tax';
import { Dec, dividendGross } from './money';
import type {
  DividendDecision,
  DividendRecord,
  DividendReport,
  DividendYearTotal,
  PortfolioSettings,
  Transaction,
} from './types';

/** The member's decision on a dividend of a portfolio, by its key; undefined: none recorded. */
export type DecisionOf = (portfolioId: string, key: string) => DividendDecision | undefined;

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

function recordFor(
  action: DividendAction,
  p: Position,
  shares: number,
  estimated: boolean,
  decisionOf: DecisionOf,
): DividendRecord {
  const gross = dividendGross(action.perShare, shares);
  const a = action.source;
  const key = corporateDividendKey(p.ticker, a.cumDate);
  const recordingDate = a.recordingDate ?? assumedRecordingDate(a.cumDate);
  const treatment = taxTreatment(p.settings, recordingDate);
  const tax = taxTaken(gross, treatment, p.settings, decisionOf(p.portfolioId, key));
  return {
    source: 'corporate_action',
    key,
    recordingDate,
    treatment,
    taxDetail: null,
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
export function entitle(state: DividendState, positions: readonly Position[], decisionOf: DecisionOf): void {
  for (const p of positions) {
    if (p.shares <= 0) continue;
    const r = recordFor(state.action, p, p.shares, false, decisionOf);
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

/**
 * A manual dividend entry: gross = shares × price, received on its date, taxed per the portfolio
 * setting with the entry date standing for the recording date.
 */
export function manualDividend(tx: Transaction, settings: PortfolioSettings, decisionOf: DecisionOf): DividendRecord {
  const perShare = new Dec(tx.price);
  const gross = dividendGross(perShare, tx.shares);
  const key = manualDividendKey(tx.id);
  const treatment = taxTreatment(settings, tx.date);
  const tax = taxTaken(gross, treatment, settings, decisionOf(tx.portfolioId, key));
  return {
    source: 'manual',
    key,
    recordingDate: null,
    treatment,
    taxDetail: null,
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
  decisionOf: DecisionOf,
): DividendRecord[] {
  const out: DividendRecord[] = [];
  for (const action of actions) {
    if (action.cumDay <= asOfDay) continue;
    for (const p of byTicker[action.tickerIndex] ?? []) {
      if (p.shares > 0) out.push(recordFor(action, p, p.shares, true, decisionOf));
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
    if (r.status === 'received' && asOfDay - toDayNumber(r.paymentDate!) < 365) trailingNet += r.net;
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
