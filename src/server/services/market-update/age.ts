/**
 * How old the market data is (docs/product.md §5.1): the newest close held, how many trading days of the
 * IDX calendar it is behind, and — when it is stale — why: whether the daily update is configured and
 * what its last run record says.
 */
import { desc, max } from 'drizzle-orm';
import { dataAge, type DataAge } from '../../../domain/data-age';
import { parseTimeOfDay } from '../../../domain/market-calendar';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { dailyPrices, marketUpdateRuns, type MarketUpdateOutcome } from '../../db/schema';
import { perMarketVersion } from '../market/cache';
import { loadHolidays } from './holidays';

/** The daily update's state, named on the stale-data notice. */
export interface FeedState {
  /** The configured provider (`idx`, `files`), or null when the daily update is off. */
  provider: string | null;
  /** Its newest run record, if any. */
  lastRun: {
    tradingDate: string;
    outcome: MarketUpdateOutcome;
    message: string;
    at: Date;
  } | null;
}

export type MarketAge = DataAge & { feed: FeedState | null };

let holidays: { file: string; set: Promise<ReadonlySet<string>> } | undefined;

/** The holiday file, read once per process (a bad file stops the notice, not the page: weekends only). */
function exchangeHolidays(file: string): Promise<ReadonlySet<string>> {
  if (holidays?.file !== file) {
    holidays = { file, set: loadHolidays(file).catch(() => new Set<string>()) };
  }
  return holidays.set;
}

async function newestClose(db: Db): Promise<string | null> {
  return perMarketVersion(db, 'newest-close', async () => {
    const [row] = await db.select({ d: max(dailyPrices.date) }).from(dailyPrices);
    return row?.d ?? null;
  });
}

async function feedState(db: Db, provider: string | null): Promise<FeedState> {
  const [run] = await db
    .select()
    .from(marketUpdateRuns)
    .orderBy(desc(marketUpdateRuns.lastAttemptAt), desc(marketUpdateRuns.id))
    .limit(1);
  return {
    provider,
    lastRun: run
      ? { tradingDate: run.tradingDate, outcome: run.outcome, message: run.message, at: run.lastAttemptAt }
      : null,
  };
}

/**
 * The market data's age at `at`; null without any price. The feed's state is read only when the data is
 * stale (it is what the notice explains).
 */
export async function marketAge(db: Db, at: Date): Promise<MarketAge | null> {
  const last = await newestClose(db);
  if (!last) return null;
  const c = config();
  const age = dataAge(last, at, {
    holidays: await exchangeHolidays(c.MARKET_HOLIDAYS_FILE),
    closeAt: parseTimeOfDay(c.MARKET_UPDATE_AT)!,
  });
  return { ...age, feed: age.stale ? await feedState(db, c.MARKET_FEED ?? null) : null };
}
