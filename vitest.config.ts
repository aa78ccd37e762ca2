import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests of pure code (src/domain, src/lib: no I/O, no process state, no mocks) share their worker's module
 * cache instead of importing everything again per file: 58 files, 17,8 → 7,6 s of CPU (docs/performance.md).
 */
const PURE = ['src/domain/**/*.test.ts', 'src/lib/**/*.test.ts', 'src/lib/**/*.test.tsx'];
const INTEGRATED = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'];

/**
 * What makes a test file change its process for the files after it. Most of it can be put back when the file
 * ends: environment variables (set, assigned, deleted, or changed through the payments harness; src/server/
 * config.ts and the clients built from it cache them, so such a file also needs the project's modules
 * afresh), spies, fake timers. Those files share their worker process but get a module graph of their own
 * and leave the process as they found it (project `stateful`, tests/stateful-setup.ts). Reading the
 * environment, or passing a copy of it to a child process, changes nothing. The other integrated files
 * (databases of their own from tests/db.ts, servers on their own ports, module caches keyed by database)
 * share their worker's modules, as the pure tests do: Drizzle, PGlite and the services are then imported once
 * per worker, not once per file (docs/performance.md, "Test suite").
 */
const RESTORED = [
  String.raw`process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)`,
  String.raw`Object\.assign\(process\.env`,
  String.raw`delete process\.env`,
  String.raw`= process\.env;`,
  String.raw`stubEnv|vi\.spyOn|useFakeTimers|setSystemTime|payments-harness`,
];
/** What no set-up puts back (module mocks, globals, the working folder, process handlers): a process per file. */
const KEPT = [String.raw`vi\.mock|stubGlobal|process\.chdir|process\.on\(|globalThis`];

/** Integrated test files (outside src/domain and src/lib) whose text matches one of `patterns`. */
function testsMatching(patterns: string[]): string[] {
  const re = new RegExp(patterns.join('|'));
  return ['src', 'scripts', 'tests/integration'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => `${dir}/${name}`)
      .filter((file) => /\.test\.tsx?$/.test(file) && !/^src\/(domain|lib)\//.test(file))
      .filter((file) => re.test(readFileSync(file, 'utf8'))),
  );
}

const ISOLATED = testsMatching(KEPT);
const STATEFUL = testsMatching(RESTORED).filter((file) => !ISOLATED.includes(file));

export default defineConfig({
  test: {
    // Migrates one PGlite per run; tests/db.ts hands every test file a copy of it.
    globalSetup: ['tests/global-setup.ts'],
    // A data folder per worker process, never the repository's ./data.
    setupFiles: ['tests/worker-setup.ts'],
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. Many test
    // files mostly wait (on the CLIs, builds and servers they start, on PGlite's file system), so two
    // workers keep both cores busy there; larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Child processes, not worker threads: PGlite's WebAssembly, compiled and freed in many isolates of one
    // process, can crash V8's process-wide register of JIT pages ("Check failed: jit_page_->allocations_
    // .erase(addr) == 1", nodejs/node#64500), which ends the whole run; a process holds one isolate, and
    // since the shared project reuses its workers, forks cost no more CPU than threads (docs/performance.md,
    // "Vitest on forks again").
    pool: 'forks',
    // The same crash was seen once in a child process too (decision 0058). The check fails while V8 frees
    // WebAssembly code, which it does when optimised code replaces a function's baseline code (compiled on
    // background threads) and when a compiled module dies. On the baseline compiler only, the first never
    // happens: fewer frees for the crash to happen in, not its cause removed. CPU-neutral: 232 and 236
    // core-seconds for the whole run without and with it (decision 0058).
    execArgv: ['--liftoff-only'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pure', include: PURE, isolate: false } },
      {
        extends: true,
        test: { name: 'shared', include: INTEGRATED, exclude: [...PURE, ...STATEFUL, ...ISOLATED], isolate: false },
      },
      // After tests/worker-setup.ts (the projects' set-up files add to the root's).
      {
        extends: true,
        test: { name: 'stateful', include: STATEFUL, isolate: false, setupFiles: ['tests/stateful-setup.ts'] },
      },
      // None today.
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
