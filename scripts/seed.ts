/**
 * `npm run seed`: reloads the demo data (market data and demo accounts). Refuses a DATABASE_URL
 * unless `--allow-database-url` is given, so a real database is never filled by accident.
 */
import './lib/env';
import { config, ConfigError } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { loadDemo } from './lib/demo';

async function main(): Promise<void> {
  const c = config();
  if (c.DATABASE_URL && !process.argv.includes('--allow-database-url')) {
    console.error(
      'DATABASE_URL is set: refusing to load demo data into it. Pass --allow-database-url if you really mean it.',
    );
    process.exit(1);
  }
  const handle = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR });
  try {
    await loadDemo(handle);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
