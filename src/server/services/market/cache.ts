/**
 * Values derived from market data, computed once per market-data version (version.ts) and kept in
 * memory per database handle. The version is exact on every server (a trigger notifies each of them at
 * commit; db/data-versions.ts): within one request it is read once. Cached values are shared between
 * requests and must not be mutated by callers.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { currentMarketVersion } from './version';

export { currentMarketVersion };

/**
 * Per-ticker entries (histories of ~2 500 days, about 110 KB each as columns) are the largest; this bounds
 * memory at market scale (160 until issue 29's second memory round). The most visited tickers' pages are
 * answered from the page cache (http/http-cache.ts) without reading them.
 */
const MAX_ENTRIES = 96;

interface Entry {
  stamp: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, LRUCache<string, Entry>>();
const pools = new WeakMap<object, Map<string, LRUCache<string, Entry>>>();

/**
 * `compute()`'s value for `key`, computed at most once per market-data version of `db` (a failed
 * computation is not kept). The version is read before computing, so a value never claims an older
 * version than the data it was computed from.
 */
export async function perMarketVersion<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await currentMarketVersion(db);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache<string, Entry>({ max: MAX_ENTRIES })));
  return remember(cache, key, version, (stored) => stored >= version, compute);
}

/**
 * `perMarketVersion` for many small values at once, kept in a pool of their own (`max` entries): the
 * keys not cached for the current version are computed together by one `computeMissing(missing)` call,
 * which must return a value for each of them; each value is then kept on its own.
 */
export async function perMarketVersionEach<T>(
  db: Db,
  pool: string,
  keys: readonly string[],
  computeMissing: (missing: string[]) => Promise<Map<string, T>>,
  max: number,
): Promise<Map<string, T>> {
  const version = await currentMarketVersion(db);
  let byPool = pools.get(db);
  if (!byPool) pools.set(db, (byPool = new Map()));
  let cache = byPool.get(pool);
  if (!cache) byPool.set(pool, (cache = new LRUCache<string, Entry>({ max })));
  const fresh = (stored: number) => stored >= version;
  const values = new Map<string, Promise<T>>();
  const missing: string[] = [];
  for (const key of new Set(keys)) {
    const hit = cache.get(key);
    if (hit && fresh(hit.stamp)) values.set(key, hit.value as Promise<T>);
    else missing.push(key);
  }
  if (missing.length > 0) {
    const batch = computeMissing(missing);
    for (const key of missing) {
      const one = () =>
        batch.then((all) => {
          if (!all.has(key)) throw new Error(`${pool}: no value computed for ${key}`);
          return all.get(key)!;
        });
      values.set(
        key,
        remember(cache, key, version, () => false, one),
      );
    }
  }
  const entries = await Promise.all([...values].map(async ([key, value]) => [key, await value] as const));
  return new Map(entries);
}

/**
 * The cached value of `key` when `fresh(its stamp)`, else `compute()` kept under `stamp`. The promise is
 * kept at once (concurrent requests share one computation) and dropped if it fails.
 */
export function remember<S, T>(
  cache: LRUCache<string, { stamp: S; value: Promise<unknown> }>,
  key: string,
  stamp: S,
  fresh: (stored: S) => boolean,
  compute: () => Promise<T>,
): Promise<T> {
  const hit = cache.get(key);
  if (hit && fresh(hit.stamp)) return hit.value as Promise<T>;
  const value = compute();
  const entry = { stamp, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/**
 * Memoises a pure derivation of a cached value (adjusted bars of a cached history, say): computed once
 * per source object, forgotten with it.
 */
export function derivedOnce<S extends object, T>(derive: (source: S) => T): (source: S) => T {
  const memo = new WeakMap<S, T>();
  return (source) => {
    if (memo.has(source)) return memo.get(source)!;
    const value = derive(source);
    memo.set(source, value);
    return value;
  };
}
