/**
 * The market data's version (table `market_state`): every write to market data bumps it inside its
 * own transaction; readers compare it to decide whether what they derived is still current. A trigger
 * notifies every server of the new version at commit (migration `change-notifications`), so servers
 * keep it in memory (db/data-versions.ts) and read it from the database only while they cannot listen.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { versionStoreOf } from '../../db/data-versions';
import { marketState } from '../../db/schema';
import { requestContext } from '../../http/request-context';

const requestVersions = new WeakMap<object, WeakMap<object, Promise<number>>>();

/** Bumps the version in the caller's transaction and returns the new value. */
export async function markMarketChanged(tx: Tx | Db): Promise<number> {
  const [row] = await tx
    .insert(marketState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: marketState.id,
      set: { version: sql`${marketState.version} + 1`, changedAt: sql`now()` },
    })
    .returning({ version: marketState.version });
  // The rest of this request reads the version again (the bump shows once it commits).
  const ctx = requestContext.getStore();
  if (ctx) requestVersions.delete(ctx);
  return row!.version;
}

/** The current version in the database; 0 before any market data was written. */
export async function marketVersion(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ version: marketState.version }).from(marketState).limit(1);
  return row?.version ?? 0;
}

/** The version from memory while the server's store is trusted, else from the database. */
function readVersion(db: Db | Tx): Promise<number> {
  const store = versionStoreOf(db);
  return store ? store.get('m', 'm', () => marketVersion(db)) : marketVersion(db);
}

/**
 * The market-data version held in memory when it is known current (the server listens and nothing
 * changed since it was read), else undefined: then `currentMarketVersion` reads it.
 */
export function marketVersionInMemory(db: Db | Tx): number | undefined {
  return versionStoreOf(db)?.peek<number>('m', 'm');
}

/** The market-data version of `db` as this request sees it (one read per request and database). */
export function currentMarketVersion(db: Db | Tx): Promise<number> {
  const ctx = requestContext.getStore();
  if (!ctx) return readVersion(db);
  let versions = requestVersions.get(ctx);
  if (!versions) requestVersions.set(ctx, (versions = new WeakMap()));
  let version = versions.get(db);
  if (!version) {
    versions.set(db, (version = readVersion(db)));
    version.catch(() => versions.delete(db));
  }
  return version;
}
