/**
 * How each transaction kind changes the shares held (docs/product.md §5.6), in one place for the
 * engine and every walk over holdings (oversell check, covered dividends, opening dates).
 */
import type { Transaction, TransactionType } from './types';

/** Kinds that take shares out of the position of their own code. */
const REDUCING: ReadonlySet<TransactionType> = new Set(['sell', 'tender', 'warrant_expiry', 'warrant_exercise']);
/** Kinds that add shares to the position of their own code. */
const ADDING: ReadonlySet<TransactionType> = new Set(['buy', 'rights_exercise']);

/** True for the kinds that remove shares and so must not exceed what is held. */
export function reducesHolding(type: TransactionType): boolean {
  return REDUCING.has(type);
}

/** A change of shares held in one code. */
export interface HoldingChange {
  ticker: string;
  delta: number;
}

/**
 * The changes of shares held a transaction makes: a buy or exercised rights add, a sell, tender,
 * expiry or exercised warrants remove, and exercised warrants add the shares received to their company.
 * Dividends and sold or lapsed rights change no holding.
 */
export function holdingChanges(tx: Transaction): HoldingChange[] {
  if (ADDING.has(tx.type)) return [{ ticker: tx.ticker, delta: tx.shares }];
  if (!REDUCING.has(tx.type)) return [];
  const out: HoldingChange[] = [{ ticker: tx.ticker, delta: -tx.shares }];
  if (tx.type === 'warrant_exercise' && tx.underlying && tx.sharesReceived)
    out.push({ ticker: tx.underlying, delta: tx.sharesReceived });
  return out;
}

/** Every code a transaction touches (its own, and a warrant's company). */
export function codesOf(tx: Transaction): string[] {
  return tx.type === 'warrant_exercise' && tx.underlying ? [tx.ticker, tx.underlying] : [tx.ticker];
}
