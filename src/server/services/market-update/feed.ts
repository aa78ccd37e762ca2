/**
 * The contract between the daily market update and its providers (`idx`: IDX's JSON endpoints,
 * `files`: a folder or URL where a daily CSV lands). A provider turns one trading day into CSV text in
 * the import's formats, so the day is checked by the same validation as a file imported by hand.
 */
import type { ImportKind } from '../market-import';

/** One CSV document of a trading day. */
export interface FeedPart {
  /** Names the source in messages (`GetStockSummary`, `2026-11-20.csv`). */
  source: string;
  kind: Extract<ImportKind, 'ringkasan' | 'prices'>;
  text: string;
  /** How a CSV line is named in messages: files by `Baris n`, JSON feeds by the record's index and code. */
  lineName(line: number): string;
  /**
   * Whether a broken row is skipped with a warning rather than refusing the part: true for IDX's feed,
   * where one odd record among 900 must not hold back the day; false for an operator's own file.
   */
  skipBrokenRows?: boolean;
}

/** What a provider brings of one day's stocks or indexes. */
export type PartResult =
  /** The source has no data for that day (yet). */
  | { status: 'none'; reason: string }
  /** The response cannot be read as a day's data at all (truncated, not JSON, wrong shape). */
  | { status: 'invalid'; reason: string }
  /** The source refused the request (HTTP 403, a bot challenge page, HTML instead of data). */
  | { status: 'refused'; reason: string }
  | { status: 'ok'; part: FeedPart };

/** A part of the day that could not be had while another could (stocks and indexes are independent). */
export type PartProblem = Exclude<PartResult, { status: 'ok' }> & { part: 'stocks' | 'indexes' };

export type FeedResult =
  Exclude<PartResult, { status: 'ok' }> | { status: 'ok'; parts: FeedPart[]; problems: PartProblem[] };

/** Which parts of a day the update still needs. */
export interface DayWanted {
  stocks: boolean;
  indexes: boolean;
}

export interface MarketFeed {
  name: 'idx' | 'files';
  /** Whether the provider brings index levels as a part of their own (then they are fetched apart). */
  indexesApart: boolean;
  /** Fetches one trading day (`YYYY-MM-DD`); throws on transport errors (unreachable, HTTP 5xx). */
  fetchDay(date: string, wanted?: DayWanted): Promise<FeedResult>;
}

export const csvLine = (line: number) => `Baris ${line}`;

/**
 * Fetch with a time limit, so a hanging source cannot hold the job's lock for ever, and one retry after a
 * network error (a kept-alive connection the server closed meanwhile fails the first request on it).
 */
export async function fetchWithTimeout(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const once = () => fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  try {
    return await once();
  } catch (err) {
    if (err instanceof TypeError) return once();
    throw err;
  }
}
