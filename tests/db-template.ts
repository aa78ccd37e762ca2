/**
 * The migrated starting point every test database is copied from, made once instead of once per test
 * file: a PGlite data folder dumped to a file (by the Vitest global setup, tests/global-setup.ts), or a
 * template database on the PostgreSQL server. Both are named by a hash of the migrations (and of the
 * PGlite and Drizzle versions), so a change to `drizzle/` always yields a new one.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from '../src/server/db/client';
import { pgliteOptions } from '../src/server/db/pglite-options';

/** A short hash of everything that decides what a freshly migrated database holds. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(folder, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(folder);
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    const manifest = fileURLToPath(new URL(`../node_modules/${pkg}/package.json`, import.meta.url));
    hash.update(`${pkg}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** A new in-memory PGlite, migrated, dumped as a data folder tarball (what `loadDataDir` takes). */
export async function migratedPgliteDump(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(await pgliteOptions());
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
