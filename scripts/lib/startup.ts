/**
 * How the serving scripts stop when they cannot start: one line for the failures a person can act on
 * (configuration, a data folder held by another server, an unreachable database), the full error
 * otherwise.
 */
import { ConfigError } from '../../src/server/config';
import { DataDirLockedError } from '../../src/server/db/lock';
import { unreachableDatabaseMessage } from '../../src/server/db/errors';

export function exitWithStartupError(err: unknown): never {
  const unreachable = unreachableDatabaseMessage(err, process.env.DATABASE_URL);
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else if (unreachable) console.error(unreachable);
  else console.error(err);
  process.exit(1);
}
