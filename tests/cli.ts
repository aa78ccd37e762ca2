/**
 * How tests start the project's programs (the CLIs, the seed, the server programs, the helpers that make or
 * hold a data folder): from one esbuild bundle of them, run by Node itself, not through tsx's loader. tsx
 * compiles and resolves every module of a start through its hooks: 3,1–3,4 core-seconds for an import CLI
 * run, against 1,6–1,9 for the same code bundled (docs/performance.md, "Programs bundled for the tests"), and
 * the suites start such programs some forty times.
 *
 * The bundle is made as `dist/server/serve.mjs` is (scripts/lib/serving-integration.ts: npm packages left
 * external and loaded from node_modules), from the sources as they are now: its folder is named by a hash of
 * the path, size and modification time of every file under src, scripts and tests, so that any edit makes a
 * new one. The first test process that needs it builds it (about 0,4 s); the others, in this run and later
 * ones, use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The programs tests start, by name, and their sources. */
const PROGRAMS = {
  'market-import': 'scripts/market-import.ts',
  jobs: 'scripts/jobs.ts',
  seed: 'scripts/seed.ts',
  start: 'scripts/start.ts',
  serve: 'scripts/serve.ts',
  'e2e-data': 'scripts/e2e-data.ts',
  'market-generate': 'scripts/market-generate.ts',
  'hold-data-dir': 'tests/integration/hold-data-dir.ts',
  'migrate-data-dir': 'tests/migrate-data-dir.ts',
} as const;

type Program = keyof typeof PROGRAMS;

/** Inside node_modules, so that the bundles' imports of npm packages resolve as the sources' do. */
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'telaah-programs');

/** A hash of every source file's path, size and modification time. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const dir of ['src', 'scripts', 'tests']) {
    for (const name of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).sort()) {
      const st = statSync(path.join(ROOT, dir, name));
      if (st.isFile()) hash.update(`${dir}/${name}\0${st.size}\0${st.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

let folder: string | undefined;

/** The folder holding the bundle of the sources as they are, built if there is none yet. */
function bundleFolder(): string {
  if (folder) return folder;
  const dir = path.join(CACHE, sourcesHash());
  if (existsSync(path.join(dir, 'done'))) {
    // Marked as used now, so that pruning (below) spares it for another hour.
    const now = new Date();
    utimesSync(dir, now, now);
    return (folder = dir);
  }
  mkdirSync(CACHE, { recursive: true });
  // Built under a name of its own and renamed into place: a concurrent test process never runs half a bundle.
  const building = `${dir}-${process.pid}-${randomBytes(4).toString('hex')}`;
  buildSync({
    absWorkingDir: ROOT,
    entryPoints: PROGRAMS,
    outdir: building,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  mkdirSync(path.join(building, 'done'));
  try {
    renameSync(building, dir);
  } catch (err) {
    // Another process put the same bundle in place first.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'done'))) throw err;
    return (folder = dir);
  }
  pruneOthers(dir);
  return (folder = dir);
}

/**
 * Removes the bundles of other sources unused for an hour, so never one that a run still uses (each process
 * marks its bundle when it takes it); one that another process removes first is skipped.
 */
function pruneOthers(kept: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(CACHE)) {
    const p = path.join(CACHE, name);
    if (p === kept) continue;
    const used = statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (used < hourAgo) rmSync(p, { recursive: true, force: true });
  }
}

/** Node's arguments that run `program` with `args`: `spawn(process.execPath, programArgs('seed'))`. */
export function programArgs(program: Program, ...args: string[]): string[] {
  return [path.join(bundleFolder(), `${program}.mjs`), ...args];
}

/**
 * Node's arguments for one of the CLIs as its npm script runs it (`--liftoff-only` in package.json: V8's
 * baseline compiler for PGlite's WebAssembly), without npm's extra process: `spawn(process.execPath,
 * cliArgs('jobs', '--once'))`.
 */
export function cliArgs(script: 'jobs' | 'market-import', ...args: string[]): string[] {
  return ['--liftoff-only', ...programArgs(script, ...args)];
}
