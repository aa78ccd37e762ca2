/**
 * The `files` provider: the day's CSV (`ringkasan` or `prices` format) in a folder or behind an HTTP(S)
 * URL. `location` is a template with `{date}` (`2026-11-20`) or `{yyyymmdd}` (`20261120`); without
 * either, the file is `{location}/{date}.csv`. A missing file (ENOENT, HTTP 404) means no data yet.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { detectKind } from '../market-import/columns';
import { parseCsv } from '../market-import/csv';
import { csvLine, fetchWithTimeout, type FeedResult, type MarketFeed } from './feed';

/** Where the file of `date` is. */
export function fileLocation(location: string, date: string): string {
  const compact = date.replaceAll('-', '');
  if (location.includes('{date}') || location.includes('{yyyymmdd}')) {
    return location.replaceAll('{date}', date).replaceAll('{yyyymmdd}', compact);
  }
  if (/^https?:\/\//i.test(location)) return `${location.replace(/\/+$/, '')}/${date}.csv`;
  return path.join(location, `${date}.csv`);
}

async function readSource(where: string): Promise<string | null> {
  if (/^https?:\/\//i.test(where)) {
    const res = await fetchWithTimeout(where, { headers: { accept: 'text/csv, text/plain, */*' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`${where}: HTTP ${res.status}`);
    return res.text();
  }
  try {
    return await readFile(where, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The `files` provider reading from `location`. */
export function filesFeed(location: string): MarketFeed {
  return {
    name: 'files',
    async fetchDay(date): Promise<FeedResult> {
      const where = fileLocation(location, date);
      const source = /^https?:\/\//i.test(where) ? new URL(where).pathname.split('/').pop()! : path.basename(where);
      const text = await readSource(where);
      if (text === null) return { status: 'none', reason: `${source}: berkas belum ada` };
      const header = parseCsv(text).header;
      const detected = detectKind(header);
      if (detected === 'emiten' || detected === 'actions') {
        return { status: 'invalid', reason: `${source}: berkas ${detected}, bukan ringkasan atau prices` };
      }
      // A header missing a column matches no kind; validating it as the nearer kind names the column.
      const kind = detected ?? (header.some((h) => h.trim().toLowerCase() === 'ticker') ? 'prices' : 'ringkasan');
      return { status: 'ok', parts: [{ source, kind, text, lineName: csvLine }] };
    },
  };
}
