/**
 * The emiten part of the sitemap, read from the `emiten` table at request time: a ticker imported
 * after the build is listed at once. `lastmod` is the ticker's latest price date (an index lookup per
 * ticker on the prices' primary key), absent before its first price.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emiten } from '../../db/schema';
import { marketVersion } from '../market/version';

export interface EmitenLastmod {
  ticker: string;
  lastmod: string | null;
}

export async function emitenLastmods(db: Db): Promise<EmitenLastmod[]> {
  const rows = await db
    .select({
      ticker: emiten.ticker,
      // Qualified by table name: an interpolated column renders unqualified and would bind to p.ticker.
      lastmod: sql<string | null>`(select max(p.date)::text from daily_prices p where p.ticker = "emiten"."ticker")`,
    })
    .from(emiten)
    .orderBy(asc(emiten.ticker));
  return rows;
}

/** A validator that changes whenever market data changes (an emiten or a price was written). */
export async function emitenSitemapEtag(db: Db): Promise<string> {
  return `"emiten-${await marketVersion(db)}"`;
}
