/**
 * Corporate actions checked and reduced to what the engine applies: share-count changes on the ex
 * date (split, reverse split, bonus) and cash dividends (entitled at the end of the cum date, paid on
 * the payment date). Rights issues change nothing by themselves: exercised rights are recorded as buys.
 */
import { toDayNumber } from '../dates';
import { bonusShares, Dec, sharesAfterSplit } from './money';
import type { CorporateAction, EngineIssue } from './types';

export interface ShareAction {
  source: CorporateAction;
  tickerIndex: number;
  exDay: number;
  kind: 'split' | 'bonus';
  from: number;
  to: number;
}

export interface DividendAction {
  source: CorporateAction;
  tickerIndex: number;
  cumDay: number;
  exDay: number;
  /** The day cash arrives (never before the cum date); null while the payment date is unknown. */
  payDay: number | null;
  perShare: Dec;
  /** `perShare` as an exact decimal string, formatted once. */
  perShareText: string;
}

export interface NormalisedActions {
  shareActions: ShareAction[];
  dividends: DividendAction[];
  issues: EngineIssue[];
}

/** Shares held after a share action. */
export function sharesAfter(action: ShareAction, shares: number): number {
  if (action.kind === 'split') return sharesAfterSplit(shares, action.from, action.to);
  return shares + bonusShares(shares, action.from, action.to);
}

function positiveWhole(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n > 0;
}

/** The share action, or the reason it cannot be applied. */
function toShareAction(a: CorporateAction, tickerIndex: number): ShareAction | string {
  if (!positiveWhole(a.ratioFrom) || !positiveWhole(a.ratioTo)) return 'ratio must be two whole numbers > 0';
  const kind = a.type === 'bonus' ? 'bonus' : 'split';
  return { source: a, tickerIndex, exDay: toDayNumber(a.exDate), kind, from: a.ratioFrom, to: a.ratioTo };
}

/** The dividend, or the reason it cannot be applied. */
function toDividend(a: CorporateAction, tickerIndex: number): DividendAction | string {
  let perShare: Dec;
  try {
    perShare = new Dec(a.amount ?? NaN);
  } catch {
    return 'amount is not a number';
  }
  if (!perShare.isFinite() || perShare.lte(0)) return 'amount must be > 0';
  const cumDay = toDayNumber(a.cumDate);
  // Cash cannot arrive before entitlement is fixed; a payment date before the cum date is a data slip.
  const payDay = a.paymentDate ? Math.max(cumDay, toDayNumber(a.paymentDate)) : null;
  return {
    source: a,
    tickerIndex,
    cumDay,
    exDay: toDayNumber(a.exDate),
    payDay,
    perShare,
    perShareText: perShare.toString(),
  };
}

/** Keeps the actions of tickers in `tickerIndex` (others cannot touch the portfolio) and checks them. */
export function normaliseActions(
  actions: readonly CorporateAction[],
  tickerIndex: ReadonlyMap<string, number>,
): NormalisedActions {
  const out: NormalisedActions = { shareActions: [], dividends: [], issues: [] };
  for (const a of actions) {
    const index = tickerIndex.get(a.ticker);
    if (index === undefined || a.type === 'rights') continue;
    if (a.type === 'dividend') {
      const d = toDividend(a, index);
      if (typeof d === 'string') out.issues.push(invalid(a, d));
      else out.dividends.push(d);
    } else {
      const s = toShareAction(a, index);
      if (typeof s === 'string') out.issues.push(invalid(a, s));
      else out.shareActions.push(s);
    }
  }
  return out;
}

function invalid(a: CorporateAction, reason: string): EngineIssue {
  return { kind: 'invalid_action', ticker: a.ticker, type: a.type, exDate: a.exDate, reason };
}
