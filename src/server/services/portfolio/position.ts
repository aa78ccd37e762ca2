/** What a member holds of one stock, for the research pages (docs/product.md §10.11). */
import type { Db } from '../../db/client';
import type { HoldingRow } from '../../../lib/island-props';
import { holdingsOverview } from './reports';

/** The member's combined holding of `ticker` on `asOf` (WIB), or null when they hold none. */
export async function positionOf(db: Db, userId: string, ticker: string, asOf: string): Promise<HoldingRow | null> {
  const overview = await holdingsOverview(db, userId, asOf);
  return overview.all.holdings.find((h) => h.ticker === ticker) ?? null;
}
