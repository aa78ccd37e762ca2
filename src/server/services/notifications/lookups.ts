/**
 * What the notices need from the portfolio and courses features, each behind one function with a
 * fixed contract. The notice job takes them as parameters (`NoticeSources`); `defaultSources` wires
 * them to those features.
 */
import { eq, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursePositions, lessonCompletions, portfolios, transactions } from '../../db/schema';
import { dividendsReport, holdingsReport } from '../portfolio';
import type { TaxDeadline } from './events/dividend-tax';

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

/** Shares held at the end of `asOf` of one ticker (all portfolios, after corporate actions), per member. */
export type HeldShares = (asOf: string, ticker: string) => Promise<Map<string, number>>;
/**
 * Dividend-tax deadlines: for every member with a dividend received gross and undecided as of `today`
 * (`YYYY-MM-DD`, WIB), its self-payment and investment deadlines that are today or later.
 */
export type TaxDeadlines = (today: string) => Promise<TaxDeadline[]>;

export interface NoticeSources {
  heldTickers: HeldTickers;
  startedCourses: StartedCourses;
  /** Absent: no rights reminders are sent. */
  heldShares?: HeldShares;
  /** Absent: no dividend-tax reminders. */
  taxDeadlines?: TaxDeadlines;
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

/** Through the portfolio service's holdings, for the members who ever traded the ticker. */
async function heldShares(db: Db, asOf: string, ticker: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const traders = await db
    .selectDistinct({ userId: portfolios.userId })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(eq(transactions.ticker, ticker));
  for (const { userId } of traders) {
    const view = await holdingsReport(db, userId, { asOf });
    const shares = (view?.holdings ?? []).find((h) => h.ticker === ticker)?.shares ?? 0;
    if (shares > 0) out.set(userId, shares);
  }
  return out;
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

/** Through the portfolio service's dividends, for the members with a portfolio taxed by date. */
async function taxDeadlines(db: Db, today: string): Promise<TaxDeadline[]> {
  const members = await db
    .selectDistinct({ userId: portfolios.userId })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(eq(portfolios.dividendTaxRule, 'by_date'));
  const out: TaxDeadline[] = [];
  for (const { userId } of members) {
    const view = await dividendsReport(db, userId, { asOf: today });
    for (const r of view?.receivedRecords ?? []) {
      const d = r.taxDetail;
      if (!d || d.choice !== 'undecided') continue;
      const base = {
        userId,
        portfolioId: r.portfolioId,
        dividendKey: r.key,
        ticker: r.ticker,
        paymentDate: r.paymentDate!,
        gross: r.gross,
        due: d.due,
      };
      if (d.selfPayDeadline >= today) out.push({ ...base, kind: 'self_pay', deadline: d.selfPayDeadline });
      if (d.investDeadline >= today) out.push({ ...base, kind: 'invest', deadline: d.investDeadline });
    }
  }
  return out;
}

/** The sources of this installation. */
export function defaultSources(db: Db): NoticeSources {
  return {
    heldTickers: (asOf, tickers) => heldTickers(db, asOf, tickers),
    startedCourses: () => startedCourses(db),
    heldShares: (asOf, ticker) => heldShares(db, asOf, ticker),
    taxDeadlines: (today) => taxDeadlines(db, today),
  };
}
