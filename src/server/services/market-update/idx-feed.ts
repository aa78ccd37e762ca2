/**
 * The `idx` provider: IDX's public JSON endpoints of the trading summary, `GET {IDX_API_BASE}/primary/
 * TradingSummary/GetStockSummary` and `…/GetIndexSummary`, each with `date=YYYYMMDD&start=0&length=9999`,
 * answering `{ draw, recordsTotal, recordsFiltered, data: [...] }` (field list in docs/decisions). The
 * records become CSV in the import's formats: stocks as a ringkasan file (JSON field names as headers),
 * the indexes Telaah keeps as a prices file.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { indexCode } from '../../../domain/indexes';
import { fetchWithTimeout, type FeedPart, type FeedResult, type MarketFeed } from './feed';

/** Stock summary fields the update reads, in CSV column order. */
export const STOCK_FIELDS = [
  'StockCode',
  'StockName',
  'Remarks',
  'Previous',
  'OpenPrice',
  'High',
  'Low',
  'Close',
  'Volume',
  'ListedShares',
  'DelistingDate',
] as const;

const envelope = z.object({
  recordsTotal: z.number().int().nonnegative().optional(),
  data: z.array(z.record(z.string(), z.unknown())),
});

type Json = Record<string, unknown>;
type Page = { status: 'ok'; records: Json[] } | Exclude<FeedResult, { status: 'ok' }>;

const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

async function getSummary(base: string, endpoint: string, date: string): Promise<Page> {
  const url = new URL(`/primary/TradingSummary/${endpoint}`, base);
  url.search = new URLSearchParams({ date: date.replaceAll('-', ''), start: '0', length: '9999' }).toString();
  const res = await fetchWithTimeout(url, { headers: { accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${endpoint}: HTTP ${res.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 'invalid', reason: `${endpoint}: respons bukan JSON yang utuh (${text.length} byte, terpotong?)` };
  }
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return { status: 'invalid', reason: `${endpoint}: respons tanpa larik "data"` };
  const { data, recordsTotal } = parsed.data;
  if (recordsTotal !== undefined && recordsTotal > data.length) {
    return { status: 'invalid', reason: `${endpoint}: respons terpotong (${data.length} dari ${recordsTotal} baris)` };
  }
  return checkDates(endpoint, date, data);
}

/** IDX answers a day it has nothing for with an empty list, or with another session's records. */
function checkDates(endpoint: string, date: string, records: Json[]): Page {
  const dates = new Set(records.map((r) => cell(r.Date).slice(0, 10)));
  if (records.length === 0 || !dates.has(date)) {
    return { status: 'none', reason: `${endpoint}: belum ada data tanggal ${date}` };
  }
  if (dates.size > 1) {
    return { status: 'invalid', reason: `${endpoint}: data bercampur tanggal ${[...dates].sort().join(', ')}` };
  }
  return { status: 'ok', records };
}

/** CSV line 1 is the header made from the field names; line n holds record n − 2. */
const recordName = (line: number) => (line === 1 ? 'semua data' : `data[${line - 2}]`);

/** Fields a day cannot be imported without. */
const REQUIRED_STOCK_FIELDS = ['StockCode', 'Previous', 'OpenPrice', 'High', 'Low', 'Close', 'Volume'];

function stockPart(records: Json[]): FeedPart | { status: 'invalid'; reason: string } {
  const dropped = REQUIRED_STOCK_FIELDS.filter((f) => !records.some((r) => f in r));
  if (dropped.length)
    return { status: 'invalid', reason: `GetStockSummary: kolom ${dropped.join(', ')} tidak ada di data` };
  const fields = STOCK_FIELDS.filter((f) => records.some((r) => f in r));
  const text = Papa.unparse({ fields: [...fields], data: records.map((r) => fields.map((f) => cell(r[f]))) });
  return { source: 'GetStockSummary', kind: 'ringkasan', text, lineName: recordName };
}

/**
 * IDX publishes no opening level for an index; the stored open is the previous close held inside the
 * day's range (where the first computed level of the day lies), so the bar stays consistent.
 */
function indexOpen(r: Json): string {
  const [prev, low, high] = [r.Previous, r.Lowest, r.Highest].map(Number);
  if (![prev, low, high].every(Number.isFinite)) return cell(r.Previous);
  return String(Math.min(Math.max(prev!, low!), high!));
}

function indexPart(date: string, records: Json[]): FeedPart | null {
  const kept = records.filter((r) => indexCode(cell(r.IndexCode)));
  if (!kept.length) return null;
  const data = kept.map((r) => [
    date,
    cell(r.IndexCode),
    indexOpen(r),
    cell(r.Highest),
    cell(r.Lowest),
    cell(r.Close),
    cell(r.Volume),
  ]);
  const text = Papa.unparse({ fields: ['date', 'ticker', 'open', 'high', 'low', 'close', 'volume'], data });
  return { source: 'GetIndexSummary', kind: 'prices', text, lineName: recordName };
}

/** The `idx` provider against `base` (IDX itself, or a stand-in in tests). */
export function idxFeed(base: string): MarketFeed {
  return {
    name: 'idx',
    async fetchDay(date) {
      const stocks = await getSummary(base, 'GetStockSummary', date);
      if (stocks.status !== 'ok') return stocks;
      const indexes = await getSummary(base, 'GetIndexSummary', date);
      // A day is imported whole: stocks without their indexes wait for the next pass.
      if (indexes.status !== 'ok') return indexes;
      const stockCsv = stockPart(stocks.records);
      if ('status' in stockCsv) return stockCsv;
      const parts = [stockCsv];
      const idx = indexPart(date, indexes.records);
      if (idx) parts.push(idx);
      return { status: 'ok', parts };
    },
  };
}
