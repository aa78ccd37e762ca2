/**
 * The e2e runs' demo database (with the member pool), built once and copied (docs/decisions/0029-e2e-member-pool-and-demo-copy.md):
 * loading the demo data into a fresh embedded database takes minutes on a busy machine, yet its result depends
 * only on the migrations, the code that loads it and the clock (APP_NOW). A loaded data folder is kept under
 * the system's temporary folder (never in the repository), named by a hash of those, and every server that
 * wants demo data starts on a copy of it. Plain Node on purpose: the Playwright workers use it too.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Everything the loaded demo database depends on, besides APP_NOW (relative to the repository root). */
const INPUTS = [
  'drizzle',
  'src/server/demo',
  'src/server/db',
  'src/server/services',
  'src/server/auth',
  'src/domain',
  'src/lib',
  'market',
  'scripts/lib',
  'scripts/seed.ts',
  'scripts/e2e-data.ts',
  'package-lock.json',
];
/** The member pool's list in a prepared data folder (scripts/lib/member-pool.ts). */
export const POOL_FILE = 'e2e-pool.json';
/** A cached folder unused for this long is removed when another one is made. */
const KEEP_MS = 24 * 3_600_000;

/** Where the cached demo folders live: E2E_CACHE_DIR, else `telaah-e2e-cache` in the temporary folder. */
export function demoCacheRoot(): string {
  return process.env.E2E_CACHE_DIR || path.join(tmpdir(), 'telaah-e2e-cache');
}

function filesUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => filesUnder(path.join(p, name)));
}

/** The cache key of the demo database for `appNow`: a hash of the sources that shape it and of the clock. */
export function demoCacheKey(appNow: string, root = process.cwd()): string {
  const hash = createHash('sha256').update(`APP_NOW=${appNow}\n`);
  for (const input of INPUTS) {
    for (const file of filesUnder(path.join(root, input))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(`${path.relative(root, file)}\n`).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The cached demo data folder for `appNow` (it may not exist yet). */
export function demoCacheDir(appNow: string): string {
  return path.join(demoCacheRoot(), `demo-${demoCacheKey(appNow)}`);
}

/**
 * Copies the cached demo folder `cached` into `dataDir` (a new or empty folder) and marks it used. Returns
 * false when there is no cached folder yet.
 */
export function copyCachedDemo(cached: string, dataDir: string): boolean {
  if (!existsSync(path.join(cached, 'pglite'))) return false;
  cpSync(cached, dataDir, { recursive: true });
  const at = new Date();
  utimesSync(cached, at, at);
  return true;
}

/** Removes cached demo folders (and abandoned builds) unused for a day, except `keep`. */
export function pruneDemoCache(keep: string): void {
  const root = demoCacheRoot();
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    const p = path.join(root, name);
    if (p === keep) continue;
    if (Date.now() - statSync(p).mtimeMs > KEEP_MS) rmSync(p, { recursive: true, force: true });
  }
}
