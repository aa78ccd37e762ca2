/**
 * A stand-in for the published daily files of the market update's `files` feed: `GET /harian/<name>`
 * answers the CSV a test published under that name, 404 otherwise.
 */
import { serve } from './stand-ins/http';
import type { Db } from '../src/server/db/client';
import { importMarketCsv } from '../src/server/services/market-import';
import { recentTradingDays } from '../src/domain/market-calendar';

export interface DailyFeed {
  url: string;
  /** File name → CSV; a test publishes by setting it and clears it between stories. */
  published: Map<string, string>;
  close(): Promise<void>;
}

export async function startDailyFeed(): Promise<DailyFeed> {
  const published = new Map<string, string>();
  const http = await serve(
    [
      {
        method: 'GET',
        pattern: /^\/harian\/(.+)$/,
        handler: (_req, [name]) =>
          published.has(name!)
            ? { status: 200, headers: { 'content-type': 'text/csv' }, body: published.get(name!) }
            : { status: 404, body: 'not found' },
      },
    ],
    0,
  );
  return {
    url: http.url,
    published,
    close: async () => {
      http.server.closeAllConnections();
      await new Promise((resolve) => http.server.close(resolve));
    },
  };
}

/** One listed code, AAAA, with `days` trading days of flat prices up to 2026-11-19: the day before a feed's first file. */
export async function seedFeedHistory(db: Db, days: number): Promise<void> {
  await importMarketCsv(
    db,
    'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\nAAAA,Alfa Sintetis Tbk,Keuangan,Bank,Utama,2010-01-04,1000000\n',
    { today: '2026-11-19' },
  );
  const history = recentTradingDays('2026-11-19', days, new Set()).map((d) => `${d},AAAA,1000,1000,1000,1000,1`);
  await importMarketCsv(db, `date,ticker,open,high,low,close,volume\n${history.join('\n')}\n`, {
    today: '2026-11-19',
  });
}
