/**
 * The `files` provider: the day's CSV (`ringkasan` or `prices` format) in a folder or behind an HTTP(S)
 * URL. `location` is a template with `{date}` (`2026-11-20`) or `{yyyymmdd}` (`20261120`); without
 * either, the file is `{location}/{date}.csv`. A missing file (ENOENT, HTTP 404) means no data yet.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { detectKind } from '../market-import/columns';
import { parseCsv } from '../../csv/read';
import { csvLine, fetchWithTimeout, type FeedResult, type MarketFeed } from './feed';
import { FILE_TOO_LARGE, MAX_FILE_BYTES } from '../../csv/text-rules';

/** A day file larger than MAX_FILE_BYTES: refused before it is read whole. */
class TooLarge {}

/** The body of an HTTP answer, read up to MAX_FILE_BYTES. */
async function boundedText(res: Response): Promise<string | TooLarge> {
  if (Number(res.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) {
    await res.body?.cancel();
    return new TooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); reader && r && !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > MAX_FILE_BYTES) {
      await reader.cancel();
      return new TooLarge();
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Where the file of `date` is. */
export function fileLocation(location: string, date: string): string {
  const compact = date.replaceAll('-', '');
  if (location.includes('{date}') || location.includes('{yyyymmdd}')) {
    return location.replaceAll('{date}', date).replaceAll('{yyyymmdd}', compact);
  }
  if (/^https?:\/\//i.test(location)) return `${location.replace(/\/+$/, '')}/${date}.csv`;
  return path.join(location, `${date}.csv`);
}

async function readSource(where: string): Promise<string | TooLarge | null> {
  if (/^https?:\/\//i.test(where)) {
    const res = await fetchWithTimeout(where, { headers: { accept: 'text/csv, text/plain, */*' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`${where}: HTTP ${res.status}`);
    return boundedText(res);
  }
  let file;
  try {
    file = await open(where, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    if ((await file.stat()).size > MAX_FILE_BYTES) return new TooLarge();
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}

/** The `files` provider reading from `location`. */
export function filesFeed(location: string): MarketFeed {
  return {
    name: 'files',
    indexesApart: false,
    async fetchDay(date): Promise<FeedResult> {
      const where = fileLocation(location, date);
      const source = /^https?:\/\//i.test(where) ? new URL(where).pathname.split('/').pop()! : path.basename(where);
      const text = await readSource(where);
      if (text === null) return { status: 'none', reason: `${source}: berkas belum ada` };
      if (text instanceof TooLarge) return { status: 'invalid', reason: `${source}: ${FILE_TOO_LARGE}` };
      const header = parseCsv(text).header;
      const detected = detectKind(header);
      if (detected && detected !== 'prices' && detected !== 'ringkasan') {
        return { status: 'invalid', reason: `${source}: berkas ${detected}, bukan ringkasan atau prices` };
      }
      // A header missing a column matches no kind; validating it as the nearer kind names the column.
      const kind = detected ?? (header.some((h) => h.trim().toLowerCase() === 'ticker') ? 'prices' : 'ringkasan');
      return { status: 'ok', parts: [{ source, kind, text, lineName: csvLine }], problems: [] };
    },
  };
}
