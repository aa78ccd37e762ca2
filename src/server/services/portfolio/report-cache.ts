/**
 * A member's computed portfolio reports, kept in memory per database handle and reused while neither
 * their data nor the market data changed. Validity is checked on every use against the database, so a
 * write through any server (or any code path) invalidates at once: the market-data version
 * (market-version.ts) and a fingerprint of the member's portfolios and transactions must both match what
 * the report was computed from. The fingerprint is, per table, the row count, the highest insert sequence
 * and the newest row version (`xmin`, the writing transaction's id, which grows with every insert or
 * update): a delete lowers the count, an insert raises the sequence, an update raises `xmin`.
 * Cached reports are shared between requests and must not be mutated by callers.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { portfolios, transactions } from '../../db/schema';
import { currentMarketVersion, remember } from '../market-cache';

interface Entry {
  stamp: string;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, LRUCache<string, Entry>>();

/** What the member's reports are computed from, in one short string. */
async function memberStamp(db: Db, userId: string): Promise<string> {
  const result = await db.execute(sql`
    select
      (select count(*) || ':' || coalesce(max(p.xmin::text::bigint), 0)
         from ${portfolios} p where p.user_id = ${userId}) as portfolios,
      (select count(*) || ':' || coalesce(max(t.seq), 0) || ':' || coalesce(max(t.xmin::text::bigint), 0)
         from ${transactions} t join ${portfolios} p on p.id = t.portfolio_id
        where p.user_id = ${userId}) as transactions`);
  const row = (result as unknown as { rows: { portfolios: string; transactions: string }[] }).rows[0]!;
  return `${row.portfolios}/${row.transactions}`;
}

/** `compute()`'s report for the member and `key`, recomputed only when their data or the market changed. */
export async function cachedReport<T>(db: Db, userId: string, key: string, compute: () => Promise<T>): Promise<T> {
  const [version, member] = await Promise.all([currentMarketVersion(db), memberStamp(db, userId)]);
  const stamp = `${version}/${member}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache<string, Entry>({ max: 1000 })));
  return remember(cache, `${userId}|${key}`, stamp, (stored) => stored === stamp, compute);
}
