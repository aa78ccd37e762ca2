/**
 * Request bodies, checked in the HTTP server before the app sees them: every route has a size cap
 * (webhooks 1 MiB, transaction imports 5 MB, everything else 64 KiB), read as a stream and answered
 * 413 the moment the stream passes it, so a body never costs more memory than its route's cap; the
 * rest of a refused body is never read (see `stopReading`).
 * Pages take only form bodies (415 otherwise), and no text field, JSON string or query parameter may
 * carry a control character (400 naming the field): PostgreSQL refuses NUL in text, and nothing in
 * Telaah has a use for the others.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '../lib/limits';
import escapeHtml from 'escape-html';

const KIB = 1024;
const MIB = 1024 * KIB;

export interface BodyRule {
  maxBytes: number;
  /** Only `application/x-www-form-urlencoded` and `multipart/form-data` bodies are accepted. */
  formOnly: boolean;
  /** The Indonesian 413 message. */
  tooLarge: string;
}

const TOO_LARGE = 'Isi permintaan terlalu besar.';
/** Room for the multipart framing around an import file of IMPORT_MAX_BYTES. */
const MULTIPART_SLACK = 64 * KIB;

export const BODY_LIMITS = {
  webhook: 1 * MIB,
  import: IMPORT_MAX_BYTES + MULTIPART_SLACK,
  /** JSON endpoints and form posts. */
  standard: 64 * KIB,
  /** Astro's own endpoints (server islands, actions) keep Astro's default. */
  astro: 1 * MIB,
} as const;

const WEBHOOKS = new Set(['/api/webhooks/stripe', '/api/webhooks/midtrans', '/api/telegram/webhook', '/monitoring']);
const IMPORTS = new Set(['/api/portfolio/import', '/portofolio/transaksi']);
/** Endpoints under /api/ that read a form. */
const FORM_ENDPOINTS = new Set(['/api/impersonate/start']);

/** The body rule of a route, by its decoded pathname (no trailing slash). */
export function bodyRuleFor(pathname: string): BodyRule {
  const page = !pathname.startsWith('/api/') && !pathname.startsWith('/_') && pathname !== '/monitoring';
  const formOnly = page || FORM_ENDPOINTS.has(pathname);
  if (WEBHOOKS.has(pathname)) return { maxBytes: BODY_LIMITS.webhook, formOnly, tooLarge: TOO_LARGE };
  if (IMPORTS.has(pathname)) return { maxBytes: BODY_LIMITS.import, formOnly, tooLarge: IMPORT_TOO_LARGE };
  if (pathname.startsWith('/_')) return { maxBytes: BODY_LIMITS.astro, formOnly, tooLarge: TOO_LARGE };
  return { maxBytes: BODY_LIMITS.standard, formOnly, tooLarge: TOO_LARGE };
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

// Tab, line feed and carriage return are text; every other C0 control and DEL is not.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The first field (name or value) holding a control character, in query-string or form pairs. */
function controlInPairs(pairs: Iterable<[string, unknown]>): string | undefined {
  for (const [name, value] of pairs) {
    if (CONTROL.test(name) || (typeof value === 'string' && CONTROL.test(value))) return name;
  }
  return undefined;
}

/** The path of the first JSON string (key or value) holding a control character. */
function controlInJson(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? at || '(isi)' : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = controlInJson(v, `${at}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const path = at ? `${at}.${k}` : k;
      if (CONTROL.test(k)) return path;
      const found = controlInJson(v, path);
      if (found) return found;
    }
  }
  return undefined;
}

/** The field of a buffered body that holds a control character; undefined when there is none. */
export async function controlCharacterField(contentType: string, body: Buffer): Promise<string | undefined> {
  if (body.length === 0) return undefined;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return controlInPairs(new URLSearchParams(body.toString('utf8')));
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return controlInJson(JSON.parse(body.toString('utf8')));
    } catch {
      return undefined; // Malformed JSON is the endpoint's 400.
    }
  }
  if (type === 'multipart/form-data') {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => null);
    return form ? controlInPairs(form.entries()) : undefined;
  }
  return undefined;
}

/** The query parameter holding a control character, if any. */
export function controlCharacterInQuery(url: string | undefined): string | undefined {
  const q = (url ?? '').indexOf('?');
  if (q < 0) return undefined;
  try {
    return controlInPairs(new URLSearchParams((url ?? '').slice(q + 1).split('#')[0]));
  } catch {
    return undefined;
  }
}

/** Answers a refused request: JSON under /api/, a short Indonesian page elsewhere. */
export function refuse(res: ServerResponse, pathname: string, status: number, message: string, field?: string): void {
  if (res.headersSent) return;
  const api = pathname.startsWith('/api/');
  const body = api
    ? JSON.stringify(field ? { error: message, fields: { [field]: message } } : { error: message })
    : refusalPage(message);
  if (!res.req.complete) stopReading(res.req, res);
  res.writeHead(status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** The short Indonesian page that answers a refused request outside /api/. */
export function refusalPage(message: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Permintaan ditolak · Telaah</title></head><body><h1>Permintaan ditolak</h1><p>${escapeHtml(message)}</p></body></html>`;
}

/** The Indonesian message for a field holding a control character. */
export function controlMessage(field: string): string {
  return `Kolom "${field}" berisi karakter kontrol yang tidak diizinkan.`;
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

/**
 * Checks the request line and body against the route's rule, then hands the request, with its body
 * read into `req.body` (which the Node adapter uses as the body), to `next`. Refused requests never
 * reach `next`.
 */
export function guardBody(req: IncomingMessage, res: ServerResponse, pathname: string, next: Next): void {
  const inQuery = controlCharacterInQuery(req.url);
  if (inQuery) return refuse(res, pathname, 400, controlMessage(inQuery), inQuery);
  if (req.method === 'GET' || req.method === 'HEAD') return next(req, res);
  const rule = bodyRuleFor(pathname);
  const type = mediaType(req);
  if (rule.formOnly && !FORM_TYPES.includes(type))
    return refuse(res, pathname, 415, 'Halaman ini hanya menerima kiriman formulir.');
  if (Number(req.headers['content-length'] ?? 0) > rule.maxBytes) return refuse(res, pathname, 413, rule.tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= rule.maxBytes) return void chunks.push(chunk);
    req.off('data', onData).off('end', onEnd);
    chunks.length = 0;
    refuse(res, pathname, 413, rule.tooLarge);
  };
  const onEnd = () => {
    const body = Buffer.concat(chunks);
    void controlCharacterField(req.headers['content-type'] ?? '', body).then((field) => {
      if (field) return refuse(res, pathname, 400, controlMessage(field), field);
      (req as IncomingMessage & { body?: Buffer }).body = body;
      next(req, res);
    });
  };
  req.on('data', onData).on('end', onEnd);
}
