/**
 * How the serving scripts stop when they cannot start: one line for the failures a person can act on
 * (configuration, a data folder held by another server, an unreachable database, e2e admins in a
 * production database), the full error otherwise.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ConfigError, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { DataDirLockedError } from '../../src/server/db/lock';
import { unreachableDatabaseMessage } from '../../src/server/db/errors';
import { ADMIN_POOL_SIZE, adminPoolEmail } from './admin-pool';

/**
 * Refuses to serve production from a database holding the e2e admin pool (scripts/lib/admin-pool.ts):
 * their password is in the repository and their TOTP secrets follow from a fixed seed. One lookup of the
 * pool's addresses on the unique email index (a suffix match on the domain could not use it).
 */
export async function assertNoPoolAdmins(db: Db, nodeEnv: string): Promise<void> {
  if (nodeEnv !== 'production') return;
  const pool = Array.from({ length: ADMIN_POOL_SIZE }, (_, i) => adminPoolEmail(i));
  const [found] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, pool), eq(users.role, 'admin')))
    .limit(1);
  if (found)
    throw new ConfigError(
      `Configuration error: the e2e test admin ${found.email} (password in the repository) exists in this production database; delete the pengelola-uji-NN@contoh.test admins before starting`,
    );
}

/**
 * A production server on this machine's loopback address may run without APP_URL (a try-out), and then
 * every link in pages and mails names that address. Behind a reverse proxy that is wrong for everyone, so
 * it is said at every start.
 */
export function warnWithoutAppUrl(c: Config): void {
  if (c.NODE_ENV === 'production' && !c.APP_URL)
    console.warn(
      `APP_URL is not set: links in pages and mails name http://${c.HOST}:${c.PORT}. Behind a proxy, set APP_URL to the public address (docs/operations.md).`,
    );
}

export function exitWithStartupError(err: unknown): never {
  const unreachable = unreachableDatabaseMessage(err, process.env.DATABASE_URL);
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else if (unreachable) console.error(unreachable);
  else console.error(err);
  process.exit(1);
}
