/**
 * Serves the brotli / gzip copies that the build writes beside static files (scripts/lib/serving-integration.ts)
 * to clients that accept them, with the headers the Node adapter would set for the plain file
 * (long-lived caching for hashed `/_astro/` assets, a validator for the rest).
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface CompressedFile {
  type: string;
  etag: string;
  br: { file: string; size: number } | null;
  gzip: { file: string; size: number } | null;
  immutable: boolean;
}

/** URL path of a file under dist/client: `courses/index.html` is served as `/courses`. */
function urlPathOf(relative: string): string {
  const url = '/' + relative.split(path.sep).join('/');
  if (url === '/index.html') return '/';
  return url.endsWith('/index.html') ? url.slice(0, -'/index.html'.length) : url;
}

/** Every file of `clientDir` that has a pre-compressed copy, by the URL path it is served at. */
export function indexCompressed(clientDir: string): Map<string, CompressedFile> {
  const map = new Map<string, CompressedFile>();
  if (!existsSync(clientDir)) return map;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (!p.endsWith('.br') && !p.endsWith('.gz') && TYPES[path.extname(p)]) {
        const variant = (ext: string) => (existsSync(p + ext) ? { file: p + ext, size: statSync(p + ext).size } : null);
        const br = variant('.br');
        const gzip = variant('.gz');
        if (!br && !gzip) continue;
        const st = statSync(p);
        const relative = path.relative(clientDir, p);
        map.set(urlPathOf(relative), {
          type: TYPES[path.extname(p)]!,
          etag: `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
          br,
          gzip,
          immutable: relative.startsWith(`_astro${path.sep}`),
        });
      }
    }
  };
  walk(clientDir);
  return map;
}

/**
 * The encoding to send: brotli when accepted, else gzip, else none (q=0 refuses). The answer for each
 * distinct Accept-Encoding value is remembered (64 values at most): browsers send a handful.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let chosen = encodings.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = parseEncoding(acceptEncoding);
    if (encodings.size >= 64) encodings.clear();
    encodings.set(acceptEncoding, chosen);
  }
  return chosen;
}

const encodings = new Map<string, 'br' | 'gzip' | null>();

function parseEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Answers a GET/HEAD for `file` from its compressed copy; false when the client accepts neither copy. */
export function serveCompressed(req: IncomingMessage, res: ServerResponse, file: CompressedFile): boolean {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const variant = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : null;
  if (!encoding || !variant) return false;
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('etag', file.etag);
  if (file.immutable) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  if (req.headers['if-none-match'] === file.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.statusCode = 200;
  res.setHeader('content-type', file.type);
  res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', variant.size);
  if (req.method === 'HEAD') res.end();
  else createReadStream(variant.file).pipe(res);
  return true;
}
