/**
 * New embedded data folders that are already migrated, for the tests and e2e specs that start a CLI or a
 * server on an empty database. Creating a PGlite folder (initdb) and applying every migration takes 5–15 s
 * and about 800 MB on the 2-core machine; copying a folder made earlier takes a fraction of a second. The
 * folder is made once per set of migrations (named by tests/db-template.ts's hash, which also covers the
 * PGlite and Drizzle versions) and kept beside the e2e demo cache (scripts/lib/demo-cache.ts, pruned with
 * it). The server or CLI then opens the copy as any data folder: its migration step finds nothing to apply.
 *
 * Tests of creating a data folder itself (tests/integration/data-dir-lock.test.ts) keep an empty one.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyCachedDemo, demoCacheRoot } from '../scripts/lib/demo-cache';
import { migrationsHash } from './db-template';
import { programArgs } from './cli';

const run = promisify(execFile);

/** Makes the cached migrated folder when there is none yet (a concurrent maker may win the race). */
async function ensureCached(cached: string): Promise<void> {
  if (existsSync(path.join(cached, 'pglite'))) return;
  const build = `${cached}-build-${process.pid}-${randomBytes(4).toString('hex')}`;
  // In a process of its own: initdb's peak memory is not kept by the test worker.
  await run(process.execPath, programArgs('migrate-data-dir', build), { maxBuffer: 1 << 24 });
  try {
    renameSync(build, cached);
  } catch (err) {
    if (!existsSync(path.join(cached, 'pglite'))) throw err;
    rmSync(build, { recursive: true, force: true });
  }
}

/** A new folder (named with `prefix`) holding an embedded database with every migration applied. */
export async function migratedDataDir(prefix: string): Promise<string> {
  const cached = path.join(demoCacheRoot(), `migrated-${migrationsHash()}`);
  await ensureCached(cached);
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (!copyCachedDemo(cached, dir)) throw new Error(`no migrated data folder in ${cached}`);
  return dir;
}
