/**
 * A code change keeps one company: when an emiten file names a row's `previous_code`, everything held
 * under the old code (prices, corporate actions, fundamentals, members' transactions) moves to the new
 * code and the old code is remembered, so its URLs redirect. Foreign keys cascade on update, so a plain
 * rename carries every row along; when both codes already exist (the feed listed the new code first),
 * the old code's rows move over, a day the new code already has keeping the new code's row.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emiten, emitenCodeChanges } from '../../db/schema';
import type { EmitenRecord } from './types';

async function exists(tx: Tx, ticker: string): Promise<boolean> {
  const rows = await tx.select({ t: emiten.ticker }).from(emiten).where(eq(emiten.ticker, ticker));
  return rows.length > 0;
}

/** Moves the old code's rows under the new code, which exists already; then drops the old emiten. */
async function merge(tx: Tx, from: string, to: string): Promise<void> {
  await tx.execute(sql`update daily_prices o set ticker = ${to} where o.ticker = ${from}
    and not exists (select 1 from daily_prices n where n.ticker = ${to} and n.date = o.date)`);
  await tx.execute(sql`update corporate_actions o set ticker = ${to} where o.ticker = ${from}
    and not exists (select 1 from corporate_actions n
      where n.ticker = ${to} and n.type = o.type and n.ex_date = o.ex_date)`);
  await tx.execute(sql`update fundamentals o set ticker = ${to} where o.ticker = ${from}
    and not exists (select 1 from fundamentals n where n.ticker = ${to} and n.period_end = o.period_end)`);
  await tx.execute(sql`update transactions set ticker = ${to} where ticker = ${from}`);
  await tx.execute(sql`update emiten_code_changes set ticker = ${to} where ticker = ${from}`);
  await tx.delete(emiten).where(eq(emiten.ticker, from));
}

/**
 * Applies the code changes an emiten file names, before its rows are upserted. Returns the old codes
 * that were moved (a previous code not in `emiten` is only remembered).
 */
export async function applyCodeChanges(tx: Tx, records: readonly EmitenRecord[]): Promise<string[]> {
  const moved: string[] = [];
  for (const r of records) {
    const from = r.previousCode;
    if (!from) continue;
    if (await exists(tx, from)) {
      if (await exists(tx, r.ticker)) await merge(tx, from, r.ticker);
      else await tx.update(emiten).set({ ticker: r.ticker }).where(eq(emiten.ticker, from));
      moved.push(from);
    }
  }
  return moved;
}

/** Records each previous code as leading to its current code (after the emiten rows exist). */
export async function rememberCodeChanges(tx: Tx, records: readonly EmitenRecord[]): Promise<void> {
  const rows = records.flatMap((r) => (r.previousCode ? [{ oldCode: r.previousCode, ticker: r.ticker }] : []));
  if (!rows.length) return;
  await tx
    .insert(emitenCodeChanges)
    .values(rows)
    .onConflictDoUpdate({ target: emitenCodeChanges.oldCode, set: { ticker: sql`excluded.ticker` } });
}
