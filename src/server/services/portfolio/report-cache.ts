/**
 * A member's computed portfolio reports, kept in memory per database handle and reused while neither
 * their data nor the market data changed. Validity is checked on every use against the database, so a
 * write through any server (or any code path) invalidates at once: the market-data version
 * (market-version.ts) and a fingerprint of the member's portfolios and transactions must both match what
 * the report was computed from. The fingerprint is, per table, the row count, the highest insert sequence
 * and the newest row version (`xmin`, the writing transaction's id, which grows with every insert or
 * update): a delete lowers the count, an insert raises the sequence, an update raises `xmin`.
 * On an embedded database, which only this process writes to, the fingerprint is read again only after
 * a write to those tables (db/write-watch.ts) and for WRITE_SETTLE_MS after it (a write's transaction
 * may commit a while later); in between, the fingerprint read last is still the truth.
 * Cached reports are shared between requests and must not be mutated by callers.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { portfolios, transactions } from '../../db/schema';
import { writeWatchOf } from '../../db/write-watch';
import { currentMarketVersion, remember } from '../market-cache';

interface Entry {
  stamp: string;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, LRUCache<string, Entry>>();

/** As long as a write's transaction may take to commit, after its statement (as in market-cache.ts). */
const WRITE_SETTLE_MS = 60_000;

interface KnownStamp {
  stamp: Promise<string>;
  /** The watch's write count when it was read. */
  writes: number;
}
const knownStamps = new WeakMap<object, LRUCache<string, KnownStamp>>();

/** The member's fingerprint; on a watched database, the one read last while no write happened since. */
export function currentMemberStamp(db: Db, userId: string): Promise<string> {
  const watch = writeWatchOf(db);
  if (!watch) return memberStamp(db, userId);
  let known = knownStamps.get(db);
  if (!known) knownStamps.set(db, (known = new LRUCache<string, KnownStamp>({ max: 10_000 })));
  const settled = performance.now() - watch.lastWriteAt >= WRITE_SETTLE_MS;
  const hit = known.get(userId);
  if (settled && hit && hit.writes === watch.writes) return hit.stamp;
  const stamp = memberStamp(db, userId);
  // Read while a write may still be uncommitted: good for this request, not to keep.
  if (settled) {
    const entry = { stamp, writes: watch.writes };
    known.set(userId, entry);
    stamp.catch(() => known.get(userId) === entry && known.delete(userId));
  } else known.delete(userId);
  return stamp;
}

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
  const [version, member] = await Promise.all([currentMarketVersion(db), currentMemberStamp(db, userId)]);
  const stamp = `${version}/${member}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache<string, Entry>({ max: 1000 })));
  return remember(cache, `${userId}|${key}`, stamp, (stored) => stored === stamp, compute);
}
