/**
 * The single pass: walks the timeline once, keeping positions, realised P/L, dividends, the daily
 * valuation and the dated cash flows. Cost: O(events + valuation days × tickers).
 */
import { sharesAfter, type DividendAction, type ShareAction } from './actions';
import { entitle, manualDividend, markPaid, newDividendState, type DividendState } from './dividends';
import { applyBuy, applySell, applyShareCount, openPosition, type Position } from './ledger';
import type { PriceTable } from './prices';
import { Phase, type TimelineEvent } from './timeline';
import type { DividendRecord, EngineIssue, PortfolioSettings, RealisedSell, Transaction } from './types';

export interface PassInput {
  tickerIndex: ReadonlyMap<string, number>;
  settingsOf: (portfolioId: string) => PortfolioSettings;
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

function positionFor(s: PassState, tx: Transaction): Position {
  const key = `${tx.portfolioId}\u0000${tx.ticker}`;
  let p = s.positionByKey.get(key);
  if (!p) {
    const index = s.input.tickerIndex.get(tx.ticker)!;
    p = openPosition(tx.portfolioId, tx.ticker, index, s.input.settingsOf(tx.portfolioId));
    s.positionByKey.set(key, p);
    s.positions.push(p);
    s.byTicker[index]!.push(p);
  }
  return p;
}

function onManualDividend(s: PassState, tx: Transaction, day: number): void {
  const r = manualDividend(tx, s.input.settingsOf(tx.portfolioId).dividendTaxPct);
  s.dividendRecords.push(r);
  s.pendingOut += r.net;
  addFlow(s, day, r.net);
}

function onTrade(s: PassState, tx: Transaction, day: number): void {
  if (tx.type === 'dividend') return onManualDividend(s, tx, day);
  const p = positionFor(s, tx);
  const shares = p.shares;
  const cost = p.cost;
  if (tx.type === 'buy') {
    const paid = applyBuy(p, tx);
    s.pendingIn += paid;
    addFlow(s, day, -paid);
  } else {
    const { id: transactionId, portfolioId, ticker, date } = tx;
    if (tx.shares > shares)
      s.issues.push({ kind: 'oversell', transactionId, portfolioId, ticker, date, shares: tx.shares, held: shares });
    const sell = applySell(p, tx);
    s.sells.push(sell);
    s.pendingOut += sell.proceeds;
    addFlow(s, day, sell.proceeds);
  }
  s.tickerShares[p.tickerIndex]! += p.shares - shares;
  s.tickerCost[p.tickerIndex]! += p.cost - cost;
  s.totalCost += p.cost - cost;
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
  entitle(st, s.byTicker[st.action.tickerIndex]!);
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
