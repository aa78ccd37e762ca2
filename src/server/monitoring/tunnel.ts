/**
 * The monitoring tunnel (docs/product.md §7.5): the browser SDK posts envelopes to our own origin, so that
 * `connect-src 'self'` holds and blockers do not drop them, and this relays them to Sentry. It is never
 * an open relay: an envelope goes upstream only when its DSN is the configured one and the `o`/`p`/`r`
 * parameters name that DSN's organisation, project and region; the upstream address is derived from the
 * configured DSN alone.
 */
import { dsnToString, envelopeEndpoint, parseDsn, tunnelParamsMatch } from '../../lib/monitoring/dsn';
import { MalformedEnvelopeError, parseEnvelope } from './envelope';

/** Largest envelope relayed. The browser SDK's own limit for a single envelope is 1 MiB too. */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
/** Upstream headers passed back to the SDK so that it backs off when Sentry asks it to. */
const PASSED_BACK = ['x-sentry-rate-limits', 'retry-after'];

export interface TunnelOptions {
  /** The configured SENTRY_DSN; without one there is no tunnel (404). */
  dsn: string | undefined;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function reply(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(NULL_BODY_STATUSES.has(status) ? null : message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

class TooLargeError extends Error {}

/** Reads the whole body as bytes, refusing more than `limit` bytes whatever Content-Length claims. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new TooLargeError();
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** Handles one `POST /monitoring?o=&p=[&r=]` request. */
export async function relayEnvelope(request: Request, options: TunnelOptions): Promise<Response> {
  const configured = options.dsn ? parseDsn(options.dsn) : undefined;
  if (!configured) return reply(404, 'Not found');
  if (!tunnelParamsMatch(configured, new URL(request.url).searchParams)) return reply(403, 'Project not allowed');

  let body: Uint8Array;
  try {
    body = await readCapped(request, MAX_ENVELOPE_BYTES);
  } catch (err) {
    if (err instanceof TooLargeError) return reply(413, 'Envelope too large');
    return reply(400, 'Unreadable body');
  }

  let dsnText: string | undefined;
  try {
    dsnText = parseEnvelope(body).header.dsn;
  } catch (err) {
    if (err instanceof MalformedEnvelopeError) return reply(400, 'Malformed envelope');
    throw err;
  }
  if (!dsnText) return reply(400, 'Envelope has no DSN');
  // Exactly the configured DSN, as written in the configuration or in the SDKs' canonical form.
  if (dsnText !== options.dsn && dsnText !== dsnToString(configured)) return reply(403, 'DSN not allowed');

  let upstream: Response;
  try {
    upstream = await (options.fetch ?? fetch)(envelopeEndpoint(configured), {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: body as Uint8Array<ArrayBuffer>,
      redirect: 'manual',
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    return reply(502, 'Monitoring service unreachable');
  }
  const headers: Record<string, string> = {};
  for (const name of PASSED_BACK) {
    const value = upstream.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  // The SDK reads only the status and the rate-limit headers; the upstream body is not passed on.
  await upstream.body?.cancel().catch(() => undefined);
  return reply(upstream.status, upstream.ok ? 'OK' : 'Upstream refused', headers);
}
