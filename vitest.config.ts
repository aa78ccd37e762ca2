import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests of pure code (src/domain, src/lib: no I/O, no process state, no mocks) share their worker's module
 * cache instead of importing everything again per file: 58 files, 17,8 → 7,6 s of CPU (docs/performance.md).
 * Every other test file keeps a fresh module graph, because servers, databases and environment variables
 * are process state.
 */
const PURE = ['src/domain/**/*.test.ts', 'src/lib/**/*.test.ts', 'src/lib/**/*.test.tsx'];

export default defineConfig({
  test: {
    // Migrates one PGlite per run; tests/db.ts hands every test file a copy of it.
    globalSetup: ['tests/global-setup.ts'],
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. Many test
    // files mostly wait (on the CLIs, builds and servers they start, on PGlite's file system), so two
    // workers keep both cores busy there; larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads, not child processes: each test file still gets a fresh worker and module graph
    // (environment variables too: a thread gets a copy), at less CPU than a Node process per file
    // (docs/performance.md, "Test suite").
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pure', include: PURE, isolate: false } },
      {
        extends: true,
        test: {
          name: 'integrated',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: PURE,
        },
      },
    ],
  },
});
