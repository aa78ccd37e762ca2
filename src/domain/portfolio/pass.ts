/**
 * The single pass: walks the timeline once, keeping positions, realised P/L, dividends, the daily
 * valuation and the dated cash flows. Cost: O(events + valuation days × tickers).
 */
import { sharesAfter, type DividendAction, type ShareAction } from './actions';
import { entitle, manualDividend, markPaid, newDividendState, type DecisionOf, type DividendState } from './dividends';
import {
  applyBuy,
  applySell,
  applyShareCount,
  applyWarrantExercise,
  openPosition,
  rightsSale,
  type Position,
} from './ledger';
import type { PriceTable } from './prices';
import { Phase, type TimelineEvent } from './timeline';
import type { DividendRecord, EngineIssue, PortfolioSettings, RealisedSell, Transaction } from './types';

export interface PassInput {
  tickerIndex: ReadonlyMap<string, number>;
  settingsOf: (portfolioId: string) => PortfolioSettings;
  decisionOf: DecisionOf;
  trades: readonly Transaction[];
  shareActions: readonly ShareAction[];
  dividends: readonly DividendAction[];
  table: PriceTable;
  timeline: readonly TimelineEvent[];
}

/** Daily columns (one entry per valuation day) and everything booked on the way. */
export interface PassResult {
  positions: Position[];
  byTicker: Position[][];
  sells: RealisedSell[];
  dividendRecords: DividendRecord[];
  value: Float64Array;
  inflow: Float64Array;
  outflow: Float64Array;
  cost: Float64Array;
  /** Investor cash flows for XIRR, one per day: buys negative, sells and dividends paid positive. */
  flowDays: number[];
  flowAmounts: number[];
  issues: EngineIssue[];
}

interface PassState extends PassResult {
  input: PassInput;
  positionByKey: Map<string, Position>;
  dividendStates: DividendState[];
  tickerShares: Float64Array;
  tickerCost: Float64Array;
  totalCost: number;
  receivable: number;
  pendingIn: number;
  pendingOut: number;
}

function initState(input: PassInput): PassState {
  const n = input.tickerIndex.size;
  const days = input.table.dates.length;
  return {
    input,
    positions: [],
    byTicker: Array.from({ length: n }, () => []),
    sells: [],
    dividendRecords: [],
    value: new Float64Array(days),
    inflow: new Float64Array(days),
    outflow: new Float64Array(days),
    cost: new Float64Array(days),
    flowDays: [],
    flowAmounts: [],
    issues: [],
    positionByKey: new Map(),
    dividendStates: input.dividends.map(newDividendState),
    tickerShares: new Float64Array(n),
    tickerCost: new Float64Array(n),
    totalCost: 0,
    receivable: 0,
    pendingIn: 0,
    pendingOut: 0,
  };
}

function addFlow(s: PassState, day: number, amount: number): void {
  const last = s.flowDays.length - 1;
  if (last >= 0 && s.flowDays[last] === day) s.flowAmounts[last]! += amount;
  else {
    s.flowDays.push(day);
    s.flowAmounts.push(amount);
  }
}

function positionFor(s: PassState, portfolioId: string, ticker: string): Position {
  const key = `${portfolioId}\u0000${ticker}`;
  let p = s.positionByKey.get(key);
  if (!p) {
    const index = s.input.tickerIndex.get(ticker)!;
    p = openPosition(portfolioId, ticker, index, s.input.settingsOf(portfolioId));
    s.positionByKey.set(key, p);
    s.positions.push(p);
    s.byTicker[index]!.push(p);
  }
  return p;
}

/** Moves the per-ticker and total aggregates by what a trade did to a position. */
function track(s: PassState, p: Position, shares: number, cost: number): void {
  s.tickerShares[p.tickerIndex]! += p.shares - shares;
  s.tickerCost[p.tickerIndex]! += p.cost - cost;
  s.totalCost += p.cost - cost;
}

function paidIn(s: PassState, day: number, paid: number): void {
  s.pendingIn += paid;
  addFlow(s, day, -paid);
}

function realise(s: PassState, sell: RealisedSell, day: number): void {
  s.sells.push(sell);
  s.pendingOut += sell.proceeds;
  addFlow(s, day, sell.proceeds);
}

function onWarrantExercise(s: PassState, tx: Transaction, day: number): void {
  const w = positionFor(s, tx.portfolioId, tx.ticker);
  const u = positionFor(s, tx.portfolioId, tx.underlying ?? tx.ticker);
  const before = [w.shares, w.cost, u.shares, u.cost] as const;
  if (tx.shares > w.shares) s.issues.push(oversell(tx, w.shares));
  paidIn(s, day, applyWarrantExercise(w, u, tx));
  track(s, w, before[0], before[1]);
  // Without its company (terms unknown) the exercise stays within the warrant position: count it once.
  if (u !== w) track(s, u, before[2], before[3]);
}

function oversell(tx: Transaction, held: number): EngineIssue {
  const { id: transactionId, portfolioId, ticker, date } = tx;
  return { kind: 'oversell', transactionId, portfolioId, ticker, date, shares: tx.shares, held };
}

function onManualDividend(s: PassState, tx: Transaction, day: number): void {
  const r = manualDividend(tx, s.input.settingsOf(tx.portfolioId), s.input.decisionOf);
  s.dividendRecords.push(r);
  s.pendingOut += r.net;
  addFlow(s, day, r.net);
}

function onTrade(s: PassState, tx: Transaction, day: number): void {
  if (tx.type === 'dividend') return onManualDividend(s, tx, day);
  // Lapsed rights move no money and no shares; the holding page shows what they were worth.
  if (tx.type === 'rights_lapse') return;
  if (tx.type === 'rights_sale') return realise(s, rightsSale(tx), day);
  if (tx.type === 'warrant_exercise') return onWarrantExercise(s, tx, day);
  const p = positionFor(s, tx.portfolioId, tx.ticker);
  const shares = p.shares;
  const cost = p.cost;
  if (tx.type === 'buy' || tx.type === 'rights_exercise') {
    paidIn(s, day, applyBuy(p, tx));
  } else {
    // sell, tender (a sell at the offer price) and warrant_expiry (a sell at price 0)
    if (tx.shares > shares) s.issues.push(oversell(tx, shares));
    realise(s, applySell(p, tx), day);
  }
  track(s, p, shares, cost);
}

function onShareAction(s: PassState, action: ShareAction): void {
  for (const p of s.byTicker[action.tickerIndex]!) {
    if (p.shares > 0) s.tickerShares[action.tickerIndex]! += applyShareCount(p, sharesAfter(action, p.shares));
  }
}

// Entitled, unpaid dividends count in value from the ex date, when the price drops by them;
// otherwise the series would show a fall between ex and payment date that is not a loss.
function book(s: PassState, st: DividendState): void {
  if (st.entitled && !st.booked && !st.paid) {
    s.receivable += st.net;
    st.booked = true;
  }
}

function onDividendCum(s: PassState, st: DividendState, day: number): void {
  entitle(st, s.byTicker[st.action.tickerIndex]!, s.input.decisionOf);
  for (const r of st.records) s.dividendRecords.push(r);
  if (st.action.exDay <= day) book(s, st);
}

function onDividendPay(s: PassState, st: DividendState, day: number): void {
  if (!st.entitled || st.paid) return;
  if (st.booked) s.receivable -= st.net;
  markPaid(st);
  if (st.net === 0) return;
  s.pendingOut += st.net;
  addFlow(s, day, st.net);
}

function onValue(s: PassState, d: number): void {
  const { closes, tickerCount } = s.input.table;
  const base = d * tickerCount;
  let v = s.receivable;
  for (let i = 0; i < tickerCount; i++) {
    const shares = s.tickerShares[i]!;
    if (shares === 0) continue;
    const close = closes[base + i]!;
    // A ticker with no close yet is carried at cost rather than at zero.
    v += close === close ? shares * close : s.tickerCost[i]!;
  }
  s.value[d] = v;
  s.inflow[d] = s.pendingIn;
  s.outflow[d] = s.pendingOut;
  s.cost[d] = s.totalCost;
  s.pendingIn = 0;
  s.pendingOut = 0;
}

/** Runs the pass. Every event after the last valuation day must have been left out of the timeline. */
export function runPass(input: PassInput): PassResult {
  const s = initState(input);
  for (const e of input.timeline) {
    switch (e.phase) {
      case Phase.ShareAction:
        onShareAction(s, input.shareActions[e.ref]!);
        break;
      case Phase.DividendEx:
        book(s, s.dividendStates[e.ref]!);
        break;
      case Phase.Trade:
        onTrade(s, input.trades[e.ref]!, e.day);
        break;
      case Phase.DividendCum:
        onDividendCum(s, s.dividendStates[e.ref]!, e.day);
        break;
      case Phase.DividendPay:
        onDividendPay(s, s.dividendStates[e.ref]!, e.day);
        break;
      case Phase.Value:
        onValue(s, e.ref);
    }
  }
  return s;
}
