/**
 * The `idx` provider: IDX's public JSON endpoints of the trading summary, `GET {IDX_API_BASE}/primary/
 * TradingSummary/GetStockSummary` and `…/GetIndexSummary`, each with `date=YYYYMMDD&start=0&length=9999`,
 * answering `{ draw, recordsTotal, recordsFiltered, data: [...] }` (field list in docs/decisions). The
 * records become CSV in the import's formats: stocks as a ringkasan file (JSON field names as headers),
 * the indexes Telaah keeps as a prices file. Stocks and indexes are fetched and judged apart: one
 * failing leaves the other to import. IDX's site refuses plain HTTP clients at times (HTTP 403 or a
 * Cloudflare "Just a moment…" page): that is a refusal, reported as such, not bad data.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { indexCode } from '../../../domain/indexes';
import {
  fetchWithTimeout,
  type DayWanted,
  type FeedPart,
  type MarketFeed,
  type PartProblem,
  type PartResult,
} from './feed';

/** Stock summary fields the update reads, in CSV column order. */
const STOCK_FIELDS = [
  'StockCode',
  'StockName',
  'Remarks',
  'Previous',
  'OpenPrice',
  'FirstTrade',
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
type Endpoint = 'GetStockSummary' | 'GetIndexSummary';
type Records = { status: 'ok'; records: Json[] } | Exclude<PartResult, { status: 'ok' }>;

const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** What an operator does when IDX refuses: said in every refusal so the run record is enough. */
const REFUSAL_HELP = 'gunakan penyedia files (MARKET_FEED=files) atau relay sendiri; lihat docs/operations.md';

/** A challenge or error page where JSON was asked for; the reason names what it looks like. */
function htmlRefusal(endpoint: Endpoint, status: number, text: string, type: string): Records | undefined {
  const head = text.slice(0, 2000);
  const html = /^\s*</.test(head) || type.includes('text/html');
  if (!html) return undefined;
  const challenge = /just a moment|cf-chl|challenge-platform|cf-mitigated/i.test(head);
  const what = challenge ? 'halaman tantangan Cloudflare ("Just a moment…")' : 'halaman HTML, bukan JSON';
  return { status: 'refused', reason: `IDX menolak permintaan ${endpoint} (HTTP ${status}, ${what}); ${REFUSAL_HELP}` };
}

async function getSummary(base: string, endpoint: Endpoint, date: string): Promise<Records> {
  const url = new URL(`/primary/TradingSummary/${endpoint}`, base);
  url.search = new URLSearchParams({ date: date.replaceAll('-', ''), start: '0', length: '9999' }).toString();
  const res = await fetchWithTimeout(url, { headers: { accept: 'application/json' } });
  const text = await res.text();
  const refused = htmlRefusal(endpoint, res.status, text, res.headers.get('content-type') ?? '');
  if (refused) return refused;
  if (res.status === 401 || res.status === 403 || res.status === 429) {
    return { status: 'refused', reason: `IDX menolak permintaan ${endpoint} (HTTP ${res.status}); ${REFUSAL_HELP}` };
  }
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
function checkDates(endpoint: Endpoint, date: string, records: Json[]): Records {
  const dates = new Set(records.map((r) => cell(r.Date).slice(0, 10)));
  if (records.length === 0 || !dates.has(date)) {
    return { status: 'none', reason: `${endpoint}: belum ada data tanggal ${date}` };
  }
  if (dates.size > 1) {
    return { status: 'invalid', reason: `${endpoint}: data bercampur tanggal ${[...dates].sort().join(', ')}` };
  }
  return { status: 'ok', records };
}

/** CSV line 1 is the header made from the field names; line n holds record n − 2, named by its code. */
function recordNamer(records: Json[], codeField: string) {
  return (line: number) => {
    if (line === 1) return 'semua data';
    const code = cell(records[line - 2]?.[codeField]).trim();
    return code ? `data[${line - 2}] ${code}` : `data[${line - 2}]`;
  };
}

/** Fields a day cannot be imported without. */
const REQUIRED_STOCK_FIELDS = ['StockCode', 'Previous', 'OpenPrice', 'High', 'Low', 'Close', 'Volume'];

function stockPart(records: Json[]): PartResult {
  const dropped = REQUIRED_STOCK_FIELDS.filter((f) => !records.some((r) => f in r));
  if (dropped.length)
    return { status: 'invalid', reason: `GetStockSummary: kolom ${dropped.join(', ')} tidak ada di data` };
  const fields = STOCK_FIELDS.filter((f) => records.some((r) => f in r));
  const text = Papa.unparse({ fields: [...fields], data: records.map((r) => fields.map((f) => cell(r[f]))) });
  const part: FeedPart = {
    source: 'GetStockSummary',
    kind: 'ringkasan',
    text,
    lineName: recordNamer(records, 'StockCode'),
    skipBrokenRows: true,
  };
  return { status: 'ok', part };
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

function indexPart(date: string, records: Json[]): PartResult {
  const kept = records.filter((r) => indexCode(cell(r.IndexCode)));
  if (!kept.length) return { status: 'none', reason: `GetIndexSummary: tidak ada indeks yang disimpan Telaah` };
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
  return {
    status: 'ok',
    part: { source: 'GetIndexSummary', kind: 'prices', text, lineName: recordNamer(kept, 'IndexCode') },
  };
}

async function fetchPart(base: string, endpoint: Endpoint, date: string): Promise<PartResult> {
  const got = await getSummary(base, endpoint, date);
  if (got.status !== 'ok') return got;
  return endpoint === 'GetStockSummary' ? stockPart(got.records) : indexPart(date, got.records);
}

/** The `idx` provider against `base` (IDX itself, or a stand-in in tests). */
export function idxFeed(base: string): MarketFeed {
  return {
    name: 'idx',
    indexesApart: true,
    async fetchDay(date, wanted: DayWanted = { stocks: true, indexes: true }) {
      const results: { part: PartProblem['part']; got: PartResult }[] = [];
      if (wanted.stocks) results.push({ part: 'stocks', got: await fetchPart(base, 'GetStockSummary', date) });
      // A refusal answers for the whole site: asking again at once would only be refused again.
      if (wanted.indexes && results[0]?.got.status !== 'refused') {
        results.push({ part: 'indexes', got: await fetchPart(base, 'GetIndexSummary', date) });
      }
      const parts = results.flatMap((r) => (r.got.status === 'ok' ? [r.got.part] : []));
      const problems = results.flatMap(({ part, got }) => (got.status === 'ok' ? [] : [{ ...got, part }]));
      if (!parts.length) return problems.find((r) => r.status === 'refused') ?? problems[0]!;
      return { status: 'ok', parts, problems };
    },
  };
}
