/** The run records of the daily market update (table `market_update_runs`) and what admins see of them. */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyPrices, indexPrices, marketUpdateRuns, type MarketUpdateOutcome } from '../../db/schema';

export interface RunRecord {
  tradingDate: string;
  provider: string;
  outcome: MarketUpdateOutcome;
  rows: number;
  durationMs: number;
  message: string;
  alerted: boolean;
  at: Date;
}

type Row = typeof marketUpdateRuns.$inferSelect;

async function latestRun(db: Db, day: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(marketUpdateRuns)
    .where(eq(marketUpdateRuns.tradingDate, day))
    .orderBy(desc(marketUpdateRuns.id))
    .limit(1);
  return row;
}

/** The latest record of each of `days` that has one. */
export async function latestRuns(db: Db, days: readonly string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  if (!days.length) return out;
  const rows = await db
    .select()
    .from(marketUpdateRuns)
    .where(inArray(marketUpdateRuns.tradingDate, [...days]))
    .orderBy(marketUpdateRuns.id);
  for (const r of rows) out.set(r.tradingDate, r);
  return out;
}

/**
 * Records one attempt at a day. The same outcome and message as the day's latest record only bumps its
 * attempt count and time, so a reason stands once however often the job retries.
 */
/** Longest message a run record keeps. */
const MAX_MESSAGE_CHARS = 1_000;

/**
 * A message fit for a run record (and the admins' screen): control characters shown as U+FFFD, the
 * parameters of a failed query (which carry the feed's raw data) left out, the length bounded.
 */
export function runMessage(message: string): string {
  const text = message
    .replace(/\nparams: [\s\S]*$/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD');
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text;
}

export async function recordRun(db: Db, input: RunRecord): Promise<void> {
  const run = { ...input, message: runMessage(input.message) };
  const last = await latestRun(db, run.tradingDate);
  if (last && last.outcome === run.outcome && last.message === run.message && last.provider === run.provider) {
    await db
      .update(marketUpdateRuns)
      .set({
        attempts: sql`${marketUpdateRuns.attempts} + 1`,
        lastAttemptAt: run.at,
        durationMs: run.durationMs,
        alerted: last.alerted || run.alerted,
      })
      .where(eq(marketUpdateRuns.id, last.id));
    return;
  }
  await db.insert(marketUpdateRuns).values({ ...run, startedAt: run.at, lastAttemptAt: run.at });
}

/** Trading days among `days` that already hold prices (imported by the job or by hand). */
export async function daysWithPrices(db: Db, days: readonly string[]): Promise<Set<string>> {
  if (!days.length) return new Set();
  const rows = await db
    .selectDistinct({ d: dailyPrices.date })
    .from(dailyPrices)
    .where(inArray(dailyPrices.date, [...days]));
  return new Set(rows.map((r) => r.d));
}

/** Trading days among `days` that already hold index levels. */
export async function daysWithIndexes(db: Db, days: readonly string[]): Promise<Set<string>> {
  if (!days.length) return new Set();
  const rows = await db
    .selectDistinct({ d: indexPrices.date })
    .from(indexPrices)
    .where(inArray(indexPrices.date, [...days]));
  return new Set(rows.map((r) => r.d));
}

export interface MarketUpdateStatus {
  /** The latest records, newest first. */
  recent: Row[];
  /** Overdue days still without data: their latest record was reported as missing. */
  missing: Row[];
}

/** What the admin status block shows: recent runs and the reported days that are still missing. */
export async function marketUpdateStatus(db: Db, since: string, limit = 10): Promise<MarketUpdateStatus> {
  const recent = await db
    .select()
    .from(marketUpdateRuns)
    .where(gte(marketUpdateRuns.tradingDate, since))
    .orderBy(desc(marketUpdateRuns.lastAttemptAt), desc(marketUpdateRuns.id))
    .limit(limit);
  const alerted = await db
    .select()
    .from(marketUpdateRuns)
    .where(and(eq(marketUpdateRuns.alerted, true), gte(marketUpdateRuns.tradingDate, since)))
    .orderBy(marketUpdateRuns.tradingDate);
  const latest = await latestRuns(db, [...new Set(alerted.map((r) => r.tradingDate))]);
  const filled = await daysWithPrices(db, [...latest.keys()]);
  const missing = [...latest.values()].filter((r) => r.outcome !== 'imported' && !filled.has(r.tradingDate));
  return { recent, missing };
}
