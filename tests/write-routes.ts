/**
 * Every route under `src/pages` that accepts a write, read from the source files: endpoints that export
 * a POST, PUT, PATCH, DELETE or ALL handler, and `.astro` pages that handle `Astro.request.method ===
 * 'POST'`. Used by the tests that prove impersonated writes are refused unless a route opts in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface WriteRoute {
  /** Astro's route pattern, as `context.routePattern` gives it (`/api/portfolio/transactions/[id]`). */
  pattern: string;
  /** A concrete path to send requests to: each parameter filled with a value no record has. */
  examplePath: string;
  methods: string[];
  file: string;
}

const PAGES = path.resolve(import.meta.dirname, '../src/pages');
const ENDPOINT_WRITE = /export\s+(?:const|async\s+function|function)\s+(POST|PUT|PATCH|DELETE|ALL)\b/g;
const PAGE_WRITE = /Astro\.request\.method\s*===\s*'(POST|PUT|PATCH|DELETE)'/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** `src/pages/api/portfolio/portfolios/index.ts` → `/api/portfolio/portfolios`. */
export function routePattern(file: string): string {
  const rel = path.relative(PAGES, file).split(path.sep).join('/');
  const noExt = rel.replace(/\.(astro|ts)$/, '');
  const pattern = '/' + noExt.replace(/(^|\/)index$/, '');
  return pattern === '/' ? '/' : pattern.replace(/\/$/, '');
}

export function writeRoutes(): WriteRoute[] {
  return files(PAGES)
    .filter((f) => /\.(astro|ts)$/.test(f) && !/\.test\.ts$/.test(f))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const re = file.endsWith('.astro') ? PAGE_WRITE : ENDPOINT_WRITE;
      const methods = [...new Set([...source.matchAll(re)].map((m) => m[1]!))].map((m) => (m === 'ALL' ? 'POST' : m));
      if (methods.length === 0) return [];
      const pattern = routePattern(file);
      const examplePath = pattern.replace(/\[(?:\.\.\.)?[^\]]+\]/g, '00000000-0000-4000-8000-000000000000');
      return [{ pattern, examplePath, methods: methods.sort(), file: path.relative(PAGES, file) }];
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}
