/**
 * Vitest's global setup, run once per `vitest run` before any test file: migrates one PGlite and
 * writes its data folder to a temporary file that tests/db.ts gives each test file a copy of (loading
 * it takes a fraction of creating and migrating a database). Not needed on PostgreSQL
 * (TEST_DATABASE_URL), where tests/db.ts copies a template database instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, migrationsHash } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder (a tarball for `loadDataDir`); unset on PostgreSQL. */
    pgliteDump: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDump', undefined);
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'telaah-vitest-'));
  const file = path.join(dir, `pglite-${migrationsHash()}.tar`);
  writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
