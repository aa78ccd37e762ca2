/** The market indexes a portfolio can be compared against: those of `MARKET_INDEXES` the data holds. */
import { eq } from 'drizzle-orm';
import { MARKET_INDEXES, type MarketIndex } from '../../../domain/indexes';
import type { Db } from '../../db/client';
import { indexPrices } from '../../db/schema';
import { perMarketVersion } from '../market/cache';

/**
 * Indexes with at least one stored close, in `MARKET_INDEXES` order (IHSG first). One primary-key probe
 * per index, once per market-data version.
 */
export function availableBenchmarks(db: Db): Promise<MarketIndex[]> {
  return perMarketVersion(db, 'benchmarks', async () => {
    const held = await Promise.all(
      MARKET_INDEXES.map(async (i) => {
        const [row] = await db
          .select({ code: indexPrices.code })
          .from(indexPrices)
          .where(eq(indexPrices.code, i.code))
          .limit(1);
        return row !== undefined;
      }),
    );
    return MARKET_INDEXES.filter((_, n) => held[n]);
  });
}
