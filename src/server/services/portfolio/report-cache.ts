/**
 * A member's computed portfolio reports, kept in memory per database handle and reused while neither
 * their data nor the market data changed: the market-data version (market/version.ts) and the member's
 * data version (table `member_versions`, bumped by triggers in the transaction of every write to their
 * portfolios and transactions) must both match what the report was computed from. Both are exact on
 * every server: each keeps them in memory, updated by the database's change notifications at commit
 * (db/data-versions.ts), and reads them from the database while it cannot listen.
 * Cached reports are shared between requests and must not be mutated by callers.
 */
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { versionStoreOf } from '../../db/data-versions';
import { memberVersions } from '../../db/schema';
import { currentMarketVersion, remember } from '../market/cache';

interface Entry {
  stamp: string;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, LRUCache<string, Entry>>();

/** The member's data version in the database; 0 before their first write. */
export async function memberVersion(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: memberVersions.version })
    .from(memberVersions)
    .where(eq(memberVersions.userId, userId));
  return row?.version ?? 0;
}

/** The member's data version, from memory while the server's store is trusted. */
export function currentMemberVersion(db: Db, userId: string): Promise<number> {
  const store = versionStoreOf(db);
  const read = () => memberVersion(db, userId);
  return store ? store.get(`d:${userId}`, `d:${userId}`, read) : read();
}

/** The member's data version held in memory when known current, else undefined (`currentMemberVersion` reads it). */
export function memberVersionInMemory(db: Db, userId: string): number | undefined {
  return versionStoreOf(db)?.peek<number>(`d:${userId}`, `d:${userId}`);
}

/** `compute()`'s report for the member and `key`, recomputed only when their data or the market changed. */
export async function cachedReport<T>(db: Db, userId: string, key: string, compute: () => Promise<T>): Promise<T> {
  const [market, member] = await Promise.all([currentMarketVersion(db), currentMemberVersion(db, userId)]);
  const stamp = `${market}/${member}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache<string, Entry>({ max: 1000 })));
  return remember(cache, `${userId}|${key}`, stamp, (stored) => stored === stamp, compute);
}
