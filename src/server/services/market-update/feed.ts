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
  /** How a CSV line is named in messages: files by `Baris n`, JSON feeds by the record's index. */
  lineName(line: number): string;
}

export type FeedResult =
  /** The source has no data for that day (yet). */
  | { status: 'none'; reason: string }
  /** The response cannot be read as a day's data at all (truncated, not JSON, wrong shape). */
  | { status: 'invalid'; reason: string }
  | { status: 'ok'; parts: FeedPart[] };

export interface MarketFeed {
  name: 'idx' | 'files';
  /** Fetches one trading day (`YYYY-MM-DD`); throws on transport errors (unreachable, HTTP 5xx). */
  fetchDay(date: string): Promise<FeedResult>;
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
