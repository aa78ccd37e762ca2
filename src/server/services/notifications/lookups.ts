/**
 * What the notices need from features built elsewhere, each behind one function with a fixed
 * contract. Until the portfolio (holdings) and courses (progress) features are merged, they answer
 * "nothing", and the notices that depend on them send nothing; the notice jobs take them as
 * parameters (`NoticeSources`), so they are replaced here without touching the jobs.
 */
import type { Db } from '../../db/client';

/**
 * Holdings: for every member holding shares, the tickers in which they hold more than zero shares
 * (over all their portfolios) at the end of `asOf` (`YYYY-MM-DD`, WIB). Members without holdings are
 * absent.
 */
export type HeldTickers = (asOf: string) => Promise<Map<string, Set<string>>>;

/**
 * Course progress: for every member who started a course (marked at least one lesson done or opened
 * it with progress tracking), the course ids with when they started each. Members who started none
 * are absent.
 */
export type StartedCourses = () => Promise<Map<string, Map<string, Date>>>;

export interface NoticeSources {
  heldTickers: HeldTickers;
  startedCourses: StartedCourses;
}

/** The sources of this installation. */
export function defaultSources(_db: Db): NoticeSources {
  return {
    // feat/portfolio: replace with the portfolio service's holdings of all members as of the date.
    heldTickers: async () => new Map(),
    // feat/courses: replace with the course-progress service's started courses per member.
    startedCourses: async () => new Map(),
  };
}
