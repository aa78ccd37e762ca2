/**
 * What the notices need from the portfolio and courses features, each behind one function with a
 * fixed contract. The notice job takes them as parameters (`NoticeSources`); `defaultSources` wires
 * them to those features.
 */
import { eq, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursePositions, lessonCompletions, portfolios, transactions } from '../../db/schema';
import { holdingsReport } from '../portfolio';

/**
 * Holdings: for every member holding more than zero shares (over all their portfolios, after
 * corporate actions) of one of `tickers` at the end of `asOf` (`YYYY-MM-DD`, WIB), those tickers.
 * Members holding none of them are absent.
 */
export type HeldTickers = (asOf: string, tickers: readonly string[]) => Promise<Map<string, Set<string>>>;

/**
 * Course progress: for every member who started a course (marked a lesson done or opened one), the
 * course ids with the earliest moment we know they were in it. Members who started none are absent.
 */
export type StartedCourses = () => Promise<Map<string, Map<string, Date>>>;

export interface NoticeSources {
  heldTickers: HeldTickers;
  startedCourses: StartedCourses;
}

/** Through the portfolio service's holdings, for the members who ever traded one of the tickers. */
async function heldTickers(db: Db, asOf: string, tickers: readonly string[]): Promise<Map<string, Set<string>>> {
  const held = new Map<string, Set<string>>();
  if (!tickers.length) return held;
  const traders = await db
    .selectDistinct({ userId: portfolios.userId })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(inArray(transactions.ticker, [...tickers]));
  const wanted = new Set(tickers);
  for (const { userId } of traders) {
    const view = await holdingsReport(db, userId, { asOf });
    const mine = (view?.holdings ?? []).filter((h) => h.shares > 0 && wanted.has(h.ticker)).map((h) => h.ticker);
    if (mine.length) held.set(userId, new Set(mine));
  }
  return held;
}

/** From the courses feature's completions and positions: the earliest of either per member and course. */
async function startedCourses(db: Db): Promise<Map<string, Map<string, Date>>> {
  const [done, opened] = await Promise.all([
    db
      .select({
        userId: lessonCompletions.userId,
        courseId: lessonCompletions.courseId,
        at: min(lessonCompletions.completedAt),
      })
      .from(lessonCompletions)
      .groupBy(lessonCompletions.userId, lessonCompletions.courseId),
    db
      .select({ userId: coursePositions.userId, courseId: coursePositions.courseId, at: coursePositions.visitedAt })
      .from(coursePositions),
  ]);
  const started = new Map<string, Map<string, Date>>();
  for (const r of [...done, ...opened]) {
    if (!r.at) continue;
    const mine = started.get(r.userId) ?? new Map<string, Date>();
    const at = new Date(r.at);
    const known = mine.get(r.courseId);
    if (!known || at < known) mine.set(r.courseId, at);
    started.set(r.userId, mine);
  }
  return started;
}

/** The sources of this installation. */
export function defaultSources(db: Db): NoticeSources {
  return {
    heldTickers: (asOf, tickers) => heldTickers(db, asOf, tickers),
    startedCourses: () => startedCourses(db),
  };
}
