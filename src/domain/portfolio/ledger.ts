/**
 * Positions and average cost (docs/product.md §5): a buy adds shares × price (+ fee when fees enter the average),
 * a sell removes average cost × shares sold, share actions change the count and keep the cost.
 * Positions hold the remaining cost, not the average, so no per-share rounding ever reaches an amount.
 */
import { costOfSharesSold, tradeValue } from './money';
import type { PortfolioSettings, RealisedSell, Transaction } from './types';

/** One (portfolio, ticker) position; mutated in place as the pass walks the timeline. */
export interface Position {
  portfolioId: string;
  ticker: string;
  /** Index of the ticker in the engine's ticker table. */
  tickerIndex: number;
  settings: PortfolioSettings;
  shares: number;
  cost: number;
  /** Buy values plus buy fees put into this position. */
  invested: number;
  /** Buy fees booked as expenses because fees stay out of the average. */
  expensedFees: number;
}

export function openPosition(
  portfolioId: string,
  ticker: string,
  tickerIndex: number,
  settings: PortfolioSettings,
): Position {
  return { portfolioId, ticker, tickerIndex, settings, shares: 0, cost: 0, invested: 0, expensedFees: 0 };
}

/** Applies a buy; returns the cash put in (value + fee). */
export function applyBuy(position: Position, tx: Transaction): number {
  const value = tradeValue(tx.shares, tx.price);
  position.shares += tx.shares;
  if (position.settings.feesInAverage) {
    position.cost += value + tx.fee;
  } else {
    position.cost += value;
    position.expensedFees += tx.fee;
  }
  position.invested += value + tx.fee;
  return value + tx.fee;
}

/**
 * Applies a sell. Selling more than is held (data the service should have refused) sells what is
 * held: cost leaves in full, shares stop at zero, proceeds are as recorded.
 */
export function applySell(position: Position, tx: Transaction): RealisedSell {
  const held = position.shares;
  const costRemoved = held > 0 ? costOfSharesSold(position.cost, held, tx.shares) : 0;
  const proceeds = tradeValue(tx.shares, tx.price) - tx.fee;
  position.shares = Math.max(0, held - tx.shares);
  position.cost -= costRemoved;
  return {
    transactionId: tx.id,
    portfolioId: tx.portfolioId,
    ticker: tx.ticker,
    date: tx.date,
    shares: tx.shares,
    price: tx.price,
    fee: tx.fee,
    proceeds,
    costRemoved,
    realised: proceeds - costRemoved,
  };
}

/** Sets the share count after a split, reverse split or bonus; the cost stays. Returns the change. */
export function applyShareCount(position: Position, shares: number): number {
  const delta = shares - position.shares;
  position.shares = shares;
  return delta;
}

/** A sale of rights (HMETD): they were credited at no cost, so all proceeds are realised; no position changes. */
export function rightsSale(tx: Transaction): RealisedSell {
  const proceeds = tradeValue(tx.shares, tx.price) - tx.fee;
  const { id: transactionId, portfolioId, ticker, date, shares, price, fee } = tx;
  return {
    transactionId,
    portfolioId,
    ticker,
    date,
    shares,
    price,
    fee,
    proceeds,
    costRemoved: 0,
    realised: proceeds,
    instrument: 'rights',
  };
}

/**
 * Exercises warrants: their average cost leaves the warrant position and, with the exercise price
 * paid for the shares received (and the fee when fees enter the average), becomes the cost of those
 * shares. Returns the cash paid (shares received × exercise price + fee).
 */
export function applyWarrantExercise(warrant: Position, shares: Position, tx: Transaction): number {
  const received = tx.sharesReceived ?? 0;
  const held = warrant.shares;
  const carried = held > 0 ? costOfSharesSold(warrant.cost, held, Math.min(tx.shares, held)) : 0;
  warrant.shares = Math.max(0, held - tx.shares);
  warrant.cost -= carried;
  const value = tradeValue(received, tx.price);
  shares.shares += received;
  shares.cost += carried + value + (shares.settings.feesInAverage ? tx.fee : 0);
  if (!shares.settings.feesInAverage) shares.expensedFees += tx.fee;
  shares.invested += value + tx.fee;
  return value + tx.fee;
}
