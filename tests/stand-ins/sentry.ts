/**
 * A Sentry ingest stand-in on loopback: accepts envelopes at `POST /api/{project}/envelope/` the way
 * sentry.io does, records them, and can be told to answer 429 with rate-limit headers. Tests read what
 * arrived in-process (`startSentryStandIn`) or, from another process, over `GET /__envelopes`.
 *
 *   npx tsx tests/stand-ins/sentry.ts --port 4506
 *
 * Control endpoints (tests only): GET /__envelopes, DELETE /__envelopes,
 * PUT /__rate-limit {"retryAfter":60,"limits":"60:error:organization"}, DELETE /__rate-limit.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';

export interface RecordedItem {
  type: string;
  /** JSON payloads parsed; binary payloads as base64. */
  payload: unknown;
}

export interface RecordedEnvelope {
  project: string;
  header: Record<string, unknown>;
  items: RecordedItem[];
  /** The raw body as received (base64), for byte-exact checks. */
  raw: string;
  receivedAt: string;
}

export interface RateLimit {
  retryAfter: number;
  limits: string;
}

export interface SentryStandIn {
  url: string;
  port: number;
  /** `http://publickey@127.0.0.1:{port}/{project}` */
  dsn(project?: number): string;
  envelopes(): RecordedEnvelope[];
  /** Error events (items of type `event`) received so far. */
  events(): Record<string, unknown>[];
  reset(): void;
  rateLimit(limit: RateLimit | null): void;
  close(): Promise<void>;
}

/** A lenient reader: the stand-in records what came, it does not judge it. */
function readEnvelope(body: Buffer): { header: Record<string, unknown>; items: RecordedItem[] } {
  let at = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, at);
    const chunk = body.subarray(at, end < 0 ? body.length : end);
    at = end < 0 ? body.length : end + 1;
    return chunk;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: RecordedItem[] = [];
  while (at < body.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    const itemHeader = JSON.parse(headerLine.toString('utf8')) as { type: string; length?: number };
    if (typeof itemHeader.length === 'number') {
      const payload = body.subarray(at, at + itemHeader.length);
      at += itemHeader.length + 1;
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload.toString('utf8'));
      } catch {
        parsed = payload.toString('base64');
      }
      items.push({ type: itemHeader.type, payload: parsed });
    } else {
      items.push({ type: itemHeader.type, payload: JSON.parse(line().toString('utf8')) });
    }
  }
  return { header, items };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

export async function startSentryStandIn(port = 0): Promise<SentryStandIn> {
  const recorded: RecordedEnvelope[] = [];
  let limit: RateLimit | null = null;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname === '/__envelopes') {
        if (req.method === 'DELETE') recorded.length = 0;
        return send(200, recorded);
      }
      if (url.pathname === '/__rate-limit') {
        limit = req.method === 'PUT' ? (JSON.parse((await readBody(req)).toString('utf8')) as RateLimit) : null;
        return send(200, { limit });
      }
      const match = /^\/api\/(\d+)\/envelope\/?$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) return send(404, { detail: 'not found' });
      const body = await readBody(req);
      if (limit) {
        return send(
          429,
          { detail: 'Sentry dropped data due to a quota or internal rate limit being reached.' },
          {
            'x-sentry-rate-limits': limit.limits,
            'retry-after': String(limit.retryAfter),
          },
        );
      }
      const { header, items } = readEnvelope(body);
      recorded.push({
        project: match[1]!,
        header,
        items,
        raw: body.toString('base64'),
        receivedAt: new Date().toISOString(),
      });
      return send(200, { id: header.event_id ?? null });
    } catch {
      return send(400, { detail: 'invalid envelope' });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${actualPort}`;
  return {
    url,
    port: actualPort,
    dsn: (project = 42) => `http://publickey@127.0.0.1:${actualPort}/${project}`,
    envelopes: () => [...recorded],
    events: () =>
      recorded.flatMap((e) =>
        e.items.filter((i) => i.type === 'event').map((i) => i.payload as Record<string, unknown>),
      ),
    reset: () => {
      recorded.length = 0;
      limit = null;
    },
    rateLimit: (next) => {
      limit = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string' } } });
  const standIn = await startSentryStandIn(Number(values.port ?? 4506));
  console.log(`sentry stand-in listening on ${standIn.url}`);
}
