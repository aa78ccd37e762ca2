/**
 * The one place recommendations read a member's holdings from: the portfolio service's combined
 * holdings over all the member's portfolios as of `asOf` (`YYYY-MM-DD`) — open positions with shares
 * after corporate actions, market value at the last close, and weight of the member's total.
 */
import type { HeldPosition } from '../../../domain/recommendations';
import type { Db } from '../../db/client';
import { holdingsReport } from '../portfolio';

export async function memberHoldings(db: Db, userId: string, asOf: string): Promise<HeldPosition[]> {
  const view = await holdingsReport(db, userId, { asOf });
  return (view?.holdings ?? [])
    .filter((h) => h.shares > 0)
    .map((h) => ({ ticker: h.ticker, shares: h.shares, marketValue: h.marketValue, weight: h.weight }));
}
