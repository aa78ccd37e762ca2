/**
 * The market data's version (table `market_state`): every write to market data bumps it inside its
 * own transaction; readers compare it to decide whether what they derived is still current.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { marketState } from '../db/schema';
import { forgetRequestMarketVersion } from './market-cache';

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
  forgetRequestMarketVersion();
  return row!.version;
}

/** The current version; 0 before any market data was written. */
export async function marketVersion(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ version: marketState.version }).from(marketState).limit(1);
  return row?.version ?? 0;
}
