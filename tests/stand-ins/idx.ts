/**
 * A stand-in for IDX's trading summary JSON on loopback: `GET /primary/TradingSummary/GetStockSummary`
 * and `…/GetIndexSummary` with `date=YYYYMMDD&start=0&length=N`, answering `{ draw, recordsTotal,
 * recordsFiltered, data }` with records shaped like IDX's (all synthetic). A day without data answers an
 * empty list, as IDX does. Tests put days in with `setDay` and can make a response arrive cut off, or
 * make the stand-in refuse as IDX's site does plain HTTP clients at times: HTTP 403, a Cloudflare
 * "Just a moment…" challenge page, or an HTML page with status 200 where JSON was asked for.
 */
import type { Server } from 'node:http';
import { json, serve, type Res } from './http';

export type IdxRecord = Record<string, unknown>;

/** How the stand-in refuses: a bare 403, a Cloudflare-style challenge page (403), or HTML with 200. */
export type IdxRefusal = 'forbidden' | 'challenge' | 'html';

export interface IdxStandIn {
  url: string;
  setDay(date: string, day: { stocks: IdxRecord[]; indexes: IdxRecord[] }): void;
  /** Serves the next responses of `endpoint` for `date` with only the first `bytes` bytes of the body. */
  truncate(endpoint: 'GetStockSummary' | 'GetIndexSummary', date: string, bytes: number): void;
  /** Answers every request (or only `endpoint`'s) with `refusal` until reset; null stops refusing. */
  refuse(refusal: IdxRefusal | null, endpoint?: 'GetStockSummary' | 'GetIndexSummary'): void;
  /** Forgets every day, cut and refusal. */
  reset(): void;
  /** Requests received, as `endpoint date`. */
  requests(): string[];
  close(): Promise<void>;
}

const at = (date: string) => `${date}T00:00:00`;

/** A stock summary record as IDX sends it; `close` and friends default to a flat day at 1000. */
export function stockRecord(date: string, code: string, over: Partial<Record<string, unknown>> = {}): IdxRecord {
  const close = Number(over.Close ?? 1000);
  return {
    No: 1,
    IDStockSummary: 1,
    Date: at(date),
    StockCode: code,
    StockName: `${code} Sintetis Tbk.`,
    Remarks: '--U-3---------------------------',
    Previous: close,
    OpenPrice: close,
    FirstTrade: close,
    High: close,
    Low: close,
    Close: close,
    Change: 0,
    Volume: 1_000_000,
    Value: close * 1_000_000,
    Frequency: 100,
    IndexIndividual: 100,
    Offer: close,
    OfferVolume: 100,
    Bid: close,
    BidVolume: 100,
    ListedShares: 5_000_000_000,
    TradebleShares: 2_000_000_000,
    WeightForIndex: 2_000_000_000,
    ForeignSell: 0,
    ForeignBuy: 0,
    DelistingDate: '',
    NonRegularVolume: 0,
    NonRegularValue: 0,
    NonRegularFrequency: 0,
    persen: null,
    percentage: null,
    ...over,
  };
}

/** An index summary record as IDX sends it (no opening level). */
export function indexRecord(date: string, code: string, close: number): IdxRecord {
  return {
    No: 1,
    Date: at(date),
    IndexCode: code,
    Previous: close - 10,
    Highest: close + 5,
    Lowest: close - 15,
    Close: close,
    Change: 10,
    Volume: 20_000_000_000,
    Value: 10_000_000_000_000,
    Frequency: 1_000_000,
    NumberOfStock: 900,
    MarketCapital: 1.1e16,
  };
}

const CHALLENGE_PAGE =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>' +
  '<meta http-equiv="refresh" content="390"></head><body><div id="challenge-running">Checking if the site ' +
  'connection is secure</div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>' +
  '</body></html>';

function refusalResponse(refusal: IdxRefusal): Res {
  const html = { 'content-type': 'text/html; charset=UTF-8' };
  if (refusal === 'forbidden') return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' };
  if (refusal === 'challenge')
    return { status: 403, headers: { ...html, 'cf-mitigated': 'challenge' }, body: CHALLENGE_PAGE };
  return {
    status: 200,
    headers: html,
    body: '<!DOCTYPE html><html><head><title>IDX</title></head><body>Beranda</body></html>',
  };
}

function page(records: IdxRecord[], length: number): Res {
  const data = records.slice(0, length).map((r, i) => ({ ...r, No: i + 1 }));
  return json(200, { draw: 0, recordsTotal: records.length, recordsFiltered: records.length, data });
}

export async function startIdxStandIn(port = 0): Promise<IdxStandIn> {
  const days = new Map<string, { stocks: IdxRecord[]; indexes: IdxRecord[] }>();
  const cuts = new Map<string, number>();
  const refusals = new Map<string, IdxRefusal>();
  const seen: string[] = [];
  const handler = (endpoint: 'GetStockSummary' | 'GetIndexSummary') => (req: { query: URLSearchParams }) => {
    const raw = req.query.get('date') ?? '';
    const date = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
    seen.push(`${endpoint} ${date}`);
    const refusal = refusals.get(endpoint) ?? refusals.get('*');
    if (refusal) return refusalResponse(refusal);
    const day = days.get(date);
    const res = page(
      day ? (endpoint === 'GetStockSummary' ? day.stocks : day.indexes) : [],
      Number(req.query.get('length') ?? 10),
    );
    const cut = cuts.get(`${endpoint} ${date}`);
    return cut === undefined ? res : { ...res, body: res.body!.slice(0, cut) };
  };
  const { server, url } = await serve(
    [
      { method: 'GET', pattern: /^\/primary\/TradingSummary\/GetStockSummary$/, handler: handler('GetStockSummary') },
      { method: 'GET', pattern: /^\/primary\/TradingSummary\/GetIndexSummary$/, handler: handler('GetIndexSummary') },
    ],
    port,
  );
  return {
    url,
    setDay: (date, day) => void days.set(date, day),
    truncate: (endpoint, date, bytes) => void cuts.set(`${endpoint} ${date}`, bytes),
    refuse: (refusal, endpoint) => {
      if (refusal) refusals.set(endpoint ?? '*', refusal);
      else refusals.delete(endpoint ?? '*');
    },
    reset: () => {
      days.clear();
      cuts.clear();
      refusals.clear();
    },
    requests: () => [...seen],
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
