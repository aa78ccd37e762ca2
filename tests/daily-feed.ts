/**
 * A stand-in for the published daily files of the market update's `files` feed: `GET /harian/<name>`
 * answers the CSV a test published under that name, 404 otherwise.
 */
import { serve } from './stand-ins/http';

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
