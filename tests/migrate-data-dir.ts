/**
 * `node --import tsx tests/migrate-data-dir.ts <folder>`: creates an embedded database in the folder, applies
 * every migration and closes it (tests/migrated-data-dir.ts caches the result).
 */
import { openDatabase } from '../src/server/db/client';

const dir = process.argv[2];
if (!dir) throw new Error('migrate-data-dir: name the data folder to create');
const handle = await openDatabase({ dataDir: dir });
await handle.close();
