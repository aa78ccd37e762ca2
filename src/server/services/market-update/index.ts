/**
 * The daily market update (job `market-update`): after the close on IDX trading days it fetches each
 * recent trading day that has no prices yet from the configured provider and imports it. Idempotent:
 * a day with prices is never fetched again (with a provider that brings index levels apart, a day needs
 * both; either part imports without the other). A refusal by the source ends the pass: every further
 * request would be refused too. Every attempt is recorded (`market_update_runs`); a day still
 * without data after its deadline is logged as an error, reported (Sentry when configured) and shown
 * to admins, once per day and reason. A pass that creates new emiten then names, one line each, the
 * analyses whose ticker the market data still lacks (as start-up and `market:import` do).
 */
import path from 'node:path';
import type { Db } from '../../db/client';
import type { MarketUpdateOutcome } from '../../db/schema';
import { parseTimeOfDay, planUpdate } from '../../../domain/market-calendar';
import type { Config } from '../../config';
import type { DayWanted, MarketFeed } from './feed';
import { filesFeed } from './files-feed';
import { idxFeed } from './idx-feed';
import { importDay } from './import-day';
import { daysWithIndexes, daysWithPrices, latestRuns, recordRun, runMessage } from './runs';

type LatestRun = Awaited<ReturnType<typeof latestRuns>> extends Map<string, infer R> ? R : never;
import { ANALYSIS_ROOT, warnAnalysesWithoutEmiten } from '../research/analysis-coverage';
import { log } from '../../log';

import { loadHolidays } from './holidays';

export { marketUpdateStatus } from './runs';
export { loadHolidayNames, loadHolidays } from './holidays';
export { marketAge, type MarketAge } from './age';
export type { MarketFeed } from './feed';
export { idxFeed } from './idx-feed';
export { filesFeed } from './files-feed';

/** How many trading days back a run fills gaps. */
const DAYS_BACK = 30;
/** A day already reported missing is asked for again at most this often. */
const ALERTED_RETRY_MS = 60 * 60_000;

export interface MarketUpdateSettings {
  feed: MarketFeed;
  holidays: ReadonlySet<string>;
  /** Minutes after WIB midnight. */
  closeAt: number;
  deadline: number;
}

export interface MarketUpdateDeps extends MarketUpdateSettings {
  db: Db;
  now: () => Date;
  /** Reports a missing day to monitoring (Sentry); the job logs it as well. */
  report: (message: string, tags: Record<string, string>) => void;
  /** Where the analyses live (`{contentDir}/analisis`); default `content/analisis`. */
  analysisRoot?: string;
  /** Writes one warning line (an analysis whose ticker is not in `emiten`); default a `warn` log line. */
  warn?: (line: string) => void;
}

/** The analyses folder of a content folder (CONTENT_DIR). */
export const analysisRootOf = (contentDir: string) => path.join(contentDir, path.basename(ANALYSIS_ROOT));

export interface MarketUpdateSummary {
  checked: number;
  imported: string[];
  /** Emiten created from the feed in this pass. */
  listed: string[];
  waiting: string[];
  problems: string[];
}

/** The job's settings from the configuration, or null when no provider is configured. */
export async function marketUpdateSettings(c: Config): Promise<MarketUpdateSettings | null> {
  if (!c.MARKET_FEED) return null;
  const feed = c.MARKET_FEED === 'idx' ? idxFeed(c.IDX_API_BASE) : filesFeed(c.MARKET_FEED_FILES!);
  return {
    feed,
    holidays: await loadHolidays(c.MARKET_HOLIDAYS_FILE),
    closeAt: parseTimeOfDay(c.MARKET_UPDATE_AT)!,
    deadline: parseTimeOfDay(c.MARKET_UPDATE_DEADLINE)!,
  };
}

interface Attempt {
  outcome: MarketUpdateOutcome;
  rows: number;
  message: string;
  /** Emiten the imported day created. */
  listed?: string[];
}

async function attemptDay(deps: MarketUpdateDeps, day: string, overdue: boolean, wanted: DayWanted): Promise<Attempt> {
  try {
    const fetched = await deps.feed.fetchDay(day, wanted);
    if (fetched.status === 'none')
      return { outcome: overdue ? 'missing' : 'waiting', rows: 0, message: fetched.reason };
    if (fetched.status !== 'ok') return { outcome: fetched.status, rows: 0, message: fetched.reason };
    const r = await importDay(deps.db, day, fetched.parts);
    if (!r.ok) return { outcome: 'invalid', rows: 0, message: r.message };
    const parts = [`${r.inserted} baru`, `${r.updated} diperbarui`];
    if (r.listed.length) parts.push(`emiten baru ${r.listed.join(', ')}`);
    if (r.delisted.length) parts.push(`delisting ${r.delisted.join(', ')}`);
    if (r.skipped) parts.push(r.skipped);
    // Stocks that could not be had decide the day's outcome; the index levels that came are said too.
    const stocks = fetched.problems.find((p) => p.part === 'stocks');
    if (stocks) {
      const outcome = stocks.status === 'none' ? (overdue ? 'missing' : 'waiting') : stocks.status;
      return { outcome, rows: r.rows, message: `${stocks.reason}; indeks diimpor: ${parts.join(', ')}` };
    }
    parts.push(...fetched.problems.map((p) => p.reason));
    return { outcome: 'imported', rows: r.rows, message: parts.join(', '), listed: r.listed };
  } catch (err) {
    return { outcome: 'failed', rows: 0, message: errorText(err) };
  }
}

/** An error's message; for a failed query, the database's own reason rather than the query and its data. */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : null;
  return err.message.startsWith('Failed query') && cause ? `kueri basis data gagal: ${cause}` : err.message;
}

function alert(deps: MarketUpdateDeps, day: string, a: Attempt): void {
  const message = `Data pasar ${day} belum masuk setelah batas waktu (${a.outcome}): ${a.message}`;
  log('error', 'market update: trading day missing', { day, outcome: a.outcome, reason: a.message });
  deps.report(message, { job: 'market-update', provider: deps.feed.name, trading_date: day });
}

/**
 * Whether to ask for a day's index levels: with a provider that brings them apart, on a day without
 * stock prices yet, or on a day this job imported while the index part failed (its record names
 * GetIndexSummary). A day whose stocks came in by hand without indexes is left as it is.
 */
function wantsIndexes(
  day: string,
  filled: ReadonlySet<string>,
  indexed: ReadonlySet<string> | null,
  last: { outcome: string; message: string } | undefined,
): boolean {
  if (!indexed || indexed.has(day)) return false;
  if (!filled.has(day)) return true;
  return last?.outcome === 'imported' && last.message.includes('GetIndexSummary');
}

/** One pass of the daily update; see the module comment. */
export async function runMarketUpdate(deps: MarketUpdateDeps): Promise<MarketUpdateSummary> {
  const now = deps.now();
  const plan = planUpdate(now, { ...deps, daysBack: DAYS_BACK });
  const filled = await daysWithPrices(deps.db, plan.days);
  const indexed = deps.feed.indexesApart ? await daysWithIndexes(deps.db, plan.days) : null;
  const latest = await latestRuns(deps.db, plan.days);
  const summary: MarketUpdateSummary = { checked: 0, imported: [], listed: [], waiting: [], problems: [] };
  for (const day of plan.days) {
    const wanted = { stocks: !filled.has(day), indexes: wantsIndexes(day, filled, indexed, latest.get(day)) };
    if (!wanted.stocks && !wanted.indexes) continue;
    const last = latest.get(day);
    if (last?.alerted && now.getTime() - last.lastAttemptAt.getTime() < ALERTED_RETRY_MS) {
      // A recent refusal answers for the source, not the day: ask for no other day either.
      if (last.outcome === 'refused') break;
      continue;
    }
    summary.checked++;
    // One day's failure, even to record its run, never ends the pass: later days are still tried.
    try {
      const outcome = await updateDay(deps, day, plan.overdue(day), wanted, last, now, summary);
      if (outcome === 'refused') break;
    } catch (err) {
      log('error', 'market update: day failed', { day, error: errorText(err) });
      summary.problems.push(`${day} failed`);
    }
  }
  if (summary.listed.length) {
    await warnAnalysesWithoutEmiten(
      deps.db,
      deps.warn ?? ((line) => log('warn', 'analysis without emiten', { detail: line })),
      deps.analysisRoot,
    );
  }
  return summary;
}

/** Tries one day, alerts when it is overdue, and records the attempt. */
async function updateDay(
  deps: MarketUpdateDeps,
  day: string,
  overdue: boolean,
  wanted: DayWanted,
  last: LatestRun | undefined,
  now: Date,
  summary: MarketUpdateSummary,
): Promise<Attempt['outcome']> {
  const started = Date.now();
  const { listed = [], ...attempt } = await attemptDay(deps, day, overdue, wanted);
  const a = { ...attempt, message: runMessage(attempt.message) };
  const alerted = a.outcome !== 'imported' && overdue;
  const repeat = last?.alerted && last.outcome === a.outcome && last.message === a.message;
  if (alerted && !repeat) alert(deps, day, a);
  await recordRun(deps.db, {
    tradingDate: day,
    provider: deps.feed.name,
    ...a,
    durationMs: Date.now() - started,
    alerted,
    at: now,
  });
  if (a.outcome === 'imported') summary.imported.push(day);
  else if (a.outcome === 'waiting') summary.waiting.push(day);
  else summary.problems.push(`${day} ${a.outcome}`);
  summary.listed.push(...listed);
  return a.outcome;
}
