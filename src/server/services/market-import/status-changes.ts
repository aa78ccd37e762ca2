/**
 * Records changes of companies' status flags (docs/product.md §5.7) when an emiten file with status
 * columns is written: one row per company and day in `emiten_status_changes`, keeping the status before
 * the day's first change, so the evening notices tell holders once.
 */
import { inArray, sql } from 'drizzle-orm';
import { statusKey } from '../../../domain/corporate/status';
import type { Tx } from '../../db/client';
import { emiten, emitenStatusChanges } from '../../db/schema';
import { BATCH_SIZE } from './upsert';
import type { EmitenRecord } from './types';

interface Stored {
  ticker: string;
  notations: string;
  board: string;
  suspended: boolean;
}

async function storedStatus(tx: Tx, tickers: string[]): Promise<Map<string, Stored>> {
  const out = new Map<string, Stored>();
  for (let i = 0; i < tickers.length; i += BATCH_SIZE) {
    const rows = await tx
      .select({ ticker: emiten.ticker, notations: emiten.notations, board: emiten.board, suspended: emiten.suspended })
      .from(emiten)
      .where(inArray(emiten.ticker, tickers.slice(i, i + BATCH_SIZE)));
    for (const r of rows) out.set(r.ticker, r);
  }
  return out;
}

/**
 * Compares the file's status with the stored one (before the upsert) and records each change on `day`.
 * A company new to the table has no "before" and is not a change.
 */
export async function recordStatusChanges(tx: Tx, records: readonly EmitenRecord[], day: string): Promise<number> {
  const stored = await storedStatus(
    tx,
    records.map((r) => r.ticker),
  );
  const changes = [];
  for (const r of records) {
    const old = stored.get(r.ticker);
    if (!old) continue;
    const before = statusKey(old.notations, old.board, old.suspended);
    const after = statusKey(r.notations ?? old.notations, r.board, r.suspended ?? old.suspended);
    if (before !== after) changes.push({ ticker: r.ticker, changedOn: day, before, after });
  }
  for (let i = 0; i < changes.length; i += BATCH_SIZE) {
    await tx
      .insert(emitenStatusChanges)
      .values(changes.slice(i, i + BATCH_SIZE))
      // A second change the same day keeps the day's first "before" and the latest "after".
      .onConflictDoUpdate({
        target: [emitenStatusChanges.ticker, emitenStatusChanges.changedOn],
        set: { after: sql`excluded.after` },
      });
  }
  return changes.length;
}
