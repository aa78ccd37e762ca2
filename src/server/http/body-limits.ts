/**
 * Request bodies, checked in the HTTP server before the app sees them: every route has a size cap
 * (webhooks 1 MiB, transaction imports 5 MB, everything else 64 KiB), read as a stream and answered
 * 413 the moment the stream passes it, so a body never costs more memory than its route's cap; the
 * rest of a refused body is never read (see `stopReading`).
 * Pages take only form bodies and the JSON endpoints only JSON (415 otherwise), and no text field,
 * JSON string or query parameter may carry a control character (400 naming the field, see
 * `./control-chars`).
 *
 * Bodies together: every body being read counts against one budget for the process (503 with
 * Retry-After once it is spent), one client address may send only so many bodies at once (429), and a
 * body that stalls, or takes too long in all, is answered 408 and its connection closed. So many slow
 * or stalled bodies cost a bounded amount of memory, and other clients keep getting answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '../../lib/limits';
import escapeHtml from 'escape-html';
import { routeOf, type BodyCap } from './routes';
import {
  controlCharacterField,
  controlCharacterInQuery,
  controlMessage,
  isJsonType,
  JSON_TOO_DEEP,
} from './control-chars';

const KIB = 1024;
const MIB = 1024 * KIB;

export interface BodyRule {
  maxBytes: number;
  /** Only `application/x-www-form-urlencoded` and `multipart/form-data` bodies are accepted. */
  formOnly: boolean;
  /** Only JSON bodies are accepted (an empty body, as DELETE sends, too). */
  jsonOnly: boolean;
  /** The Indonesian 413 message. */
  tooLarge: string;
}

const TOO_LARGE = 'Isi permintaan terlalu besar.';
/** Room for the multipart framing around an import file of IMPORT_MAX_BYTES. */
const MULTIPART_SLACK = 64 * KIB;

/** The cap of each body kind; which routes have which is the route policy's (`routes.ts`). */
export const BODY_LIMITS = {
  webhook: 1 * MIB,
  import: IMPORT_MAX_BYTES + MULTIPART_SLACK,
  /** JSON endpoints and form posts. */
  standard: 64 * KIB,
  /** Astro's own endpoints (server islands, actions) keep Astro's default. */
  astro: 1 * MIB,
} as const satisfies Record<BodyCap, number>;

/** The body rule of a route (`routes.ts`), by its decoded pathname (no trailing slash). */
export function bodyRuleFor(pathname: string): BodyRule {
  const { body, accepts } = routeOf(pathname);
  return {
    maxBytes: BODY_LIMITS[body],
    formOnly: accepts === 'form',
    jsonOnly: accepts === 'json',
    tooLarge: body === 'import' ? IMPORT_TOO_LARGE : TOO_LARGE,
  };
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Answers a refused request: JSON under /api/, a short Indonesian page elsewhere. */
function refuse(
  res: ServerResponse,
  pathname: string,
  status: number,
  message: string,
  field?: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const api = routeOf(pathname).kind === 'api';
  const body = api
    ? JSON.stringify(field ? { error: message, fields: { [field]: message } } : { error: message })
    : refusalPage(message);
  if (!res.req.complete) stopReading(res.req, res);
  res.writeHead(status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/** The short Indonesian page that answers a refused request outside /api/. */
export function refusalPage(message: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Permintaan ditolak · Telaah</title></head><body><h1>Permintaan ditolak</h1><p>${escapeHtml(message)}</p></body></html>`;
}

/** How long a connection that sent a refused body is kept, half-closed, before it is cut. */
const LINGER_MS = 5_000;

/**
 * The rest of a refused body. Reading it would cost CPU for as long as the client keeps sending, and
 * closing the connection at once (which Node does after a `Connection: close` answer) would reset it
 * under a client that is still sending: such a client may fail on its next write before it reads the
 * answer. So the server stops reading (TCP flow control holds the client back at no cost here), sends
 * the answer with `Connection: close` and then its FIN, and cuts the connection LINGER_MS later: a
 * client that reads answers has seen the refusal long before.
 */
function stopReading(req: IncomingMessage, res: ServerResponse): void {
  req.removeAllListeners('data');
  req.pause();
  res.setHeader('connection', 'close');
  const socket = req.socket;
  // Node's server calls destroySoon() once a `Connection: close` answer is written; linger instead.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

type Next = (req: IncomingMessage & { body?: Buffer }, res: ServerResponse) => void;

export interface BodyGuardOptions {
  /** Bytes all bodies being read (and handed on, until answered) may hold together. */
  budgetBytes: number;
  /** Bodies one client address may be sending at once. */
  perAddress: number;
  /** A body that sends nothing for this long is answered 408. */
  idleMs: number;
  /** A body must have arrived whole within this. */
  totalMs: number;
}

const BODY_GUARD_DEFAULTS: BodyGuardOptions = {
  budgetBytes: 64 * MIB,
  perAddress: 32,
  idleMs: 10_000,
  totalMs: 60_000,
};

/** Seconds a client is asked to wait when the budget or its address's share is spent. */
const RETRY_AFTER_S = '5';
const BUSY = 'Server sedang sibuk menerima kiriman lain. Coba lagi sebentar lagi.';
const TOO_MANY = 'Terlalu banyak kiriman sekaligus dari alamat Anda. Coba lagi sebentar lagi.';
const TOO_SLOW = 'Isi permintaan tidak terkirim tepat waktu.';
const NOT_JSON = 'Endpoint ini hanya menerima isi JSON (Content-Type: application/json).';
const TOO_DEEP = 'Isi JSON terlalu dalam atau terlalu besar untuk diperiksa.';

export interface BodyGuard {
  (req: IncomingMessage, res: ServerResponse, pathname: string, next: Next): void;
  /** Bytes held by bodies now, and bodies being read now. */
  usage(): { bytes: number; reading: number };
}

/**
 * Checks the request line and body against the route's rule, then hands the request, with its body
 * read into `req.body` (which the Node adapter uses as the body), to `next`. Refused requests never
 * reach `next`.
 */
export function createBodyGuard(options: Partial<BodyGuardOptions> = {}): BodyGuard {
  const o = { ...BODY_GUARD_DEFAULTS, ...options };
  let bytes = 0;
  const reading = new Map<string, number>();

  const guard = (req: IncomingMessage, res: ServerResponse, pathname: string, next: Next): void => {
    const inQuery = controlCharacterInQuery(req.url);
    if (inQuery) return refuse(res, pathname, 400, controlMessage(inQuery), inQuery);
    if (req.method === 'GET' || req.method === 'HEAD') return next(req, res);
    const rule = bodyRuleFor(pathname);
    const type = mediaType(req);
    if (rule.formOnly && !FORM_TYPES.includes(type))
      return refuse(res, pathname, 415, 'Halaman ini hanya menerima kiriman formulir.');
    const declared = Number(req.headers['content-length'] ?? 0);
    const hasBody = declared > 0 || req.headers['transfer-encoding'] !== undefined;
    if (rule.jsonOnly && hasBody && !isJsonType(type)) return refuse(res, pathname, 415, NOT_JSON);
    if (declared > rule.maxBytes) return refuse(res, pathname, 413, rule.tooLarge);
    if (!hasBody) return next(req, res);
    const busy = (message: string, status = 503) =>
      refuse(res, pathname, status, message, undefined, { 'retry-after': RETRY_AFTER_S });
    if (bytes + declared > o.budgetBytes) return busy(BUSY);
    const address = req.socket.remoteAddress ?? '';
    if ((reading.get(address) ?? 0) >= o.perAddress) return busy(TOO_MANY, 429);

    // From here the body counts: against its address until it has arrived, against the budget until
    // the request is answered (or its connection closes).
    reading.set(address, (reading.get(address) ?? 0) + 1);
    let held = 0;
    let arrived = false;
    const chunks: Buffer[] = [];
    const doneReading = () => {
      if (arrived) return;
      arrived = true;
      clearTimeout(idle);
      clearTimeout(total);
      const left = (reading.get(address) ?? 1) - 1;
      if (left > 0) reading.set(address, left);
      else reading.delete(address);
    };
    const release = () => {
      doneReading();
      bytes -= held;
      held = 0;
      chunks.length = 0;
    };
    const stop = (status: number, message: string, headers: Record<string, string> = {}) => {
      req.off('data', onData).off('end', onEnd);
      release();
      refuse(res, pathname, status, message, undefined, headers);
    };
    const timedOut = () => stop(408, TOO_SLOW);
    let idle = setTimeout(timedOut, o.idleMs);
    const total = setTimeout(timedOut, o.totalMs);
    res.once('close', release);
    const onData = (chunk: Buffer) => {
      if (held + chunk.length > rule.maxBytes) return stop(413, rule.tooLarge);
      if (bytes + chunk.length > o.budgetBytes) return stop(503, BUSY, { 'retry-after': RETRY_AFTER_S });
      bytes += chunk.length;
      held += chunk.length;
      chunks.push(chunk);
      clearTimeout(idle);
      idle = setTimeout(timedOut, o.idleMs);
    };
    const onEnd = () => {
      doneReading();
      const body = Buffer.concat(chunks);
      chunks.length = 0;
      void controlCharacterField(req.headers['content-type'] ?? '', body).then(
        (field) => {
          if (field === JSON_TOO_DEEP) return refuse(res, pathname, 400, TOO_DEEP);
          if (field) return refuse(res, pathname, 400, controlMessage(field), field);
          (req as IncomingMessage & { body?: Buffer }).body = body;
          next(req, res);
        },
        () => refuse(res, pathname, 400, TOO_DEEP),
      );
    };
    req.on('data', onData).on('end', onEnd);
  };
  return Object.assign(guard, { usage: () => ({ bytes, reading: [...reading.values()].reduce((a, b) => a + b, 0) }) });
}
