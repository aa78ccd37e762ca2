import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // Migrates one PGlite per run; tests/db.ts hands every test file a copy of it.
    globalSetup: ['tests/global-setup.ts'],
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. Many test
    // files mostly wait (on the CLIs, builds and servers they start, on PGlite's file system), so two
    // workers keep both cores busy there; larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
