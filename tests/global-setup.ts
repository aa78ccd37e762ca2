/**
 * Vitest's global setup, run once per `vitest run` before any test file: finds the migrated PGlite data
 * folder as a tarball that tests/db.ts gives each test file a copy of (loading it takes a fraction of
 * creating and migrating a database). The tarball is made once per set of migrations (named by
 * tests/db-template.ts's hash) and kept beside the e2e demo cache (scripts/lib/demo-cache.ts, pruned with
 * it), as tests/migrated-data-dir.ts keeps its folder: a run after the first, or a fresh clone on the same
 * machine, skips PGlite's initdb and the migrations (about 6 s of CPU before any test file can start).
 * Not needed on PostgreSQL (TEST_DATABASE_URL), where tests/db.ts copies a template database instead.
 *
 * It also makes the run's folder for the workers' data folders (tests/worker-setup.ts), removed when the run
 * ends, and on PostgreSQL names the run for its test databases, dropped when it ends (tests/db.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoCacheRoot } from '../scripts/lib/demo-cache';
import { dropTestDatabases, postgresRunKey } from './db';
import { migratedPgliteDump, migrationsHash } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder (a tarball for `loadDataDir`); unset on PostgreSQL. */
    pgliteDump: string | undefined;
    /** The run's folder, holding a data folder per worker process (tests/worker-setup.ts). */
    dataRoot: string;
    /** On PostgreSQL, the run's key in its test databases' names (tests/db.ts); unset on PGlite. */
    postgresRun: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'telaah-vitest-'));
  project.provide('dataRoot', dataRoot);
  const removeDataRoot = () => rmSync(dataRoot, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // The run's test databases are dropped together at its end (tests/db.ts says why).
    const run = postgresRunKey();
    project.provide('pgliteDump', undefined);
    project.provide('postgresRun', run);
    return async () => {
      removeDataRoot();
      await dropTestDatabases(url, run);
    };
  }
  project.provide('postgresRun', undefined);
  const root = demoCacheRoot();
  const file = path.join(root, `pglite-dump-${migrationsHash()}.tar`);
  if (existsSync(file)) {
    const at = new Date();
    utimesSync(file, at, at);
  } else {
    mkdirSync(root, { recursive: true });
    // Written under a name of its own and renamed into place: a concurrent run never reads half a file.
    const building = `${file}-${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(building, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
    renameSync(building, file);
  }
  project.provide('pgliteDump', file);
  return async () => removeDataRoot();
}
