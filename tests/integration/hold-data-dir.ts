/**
 * A process that opens an embedded data folder and holds it until killed: `DATA_DIR=… tsx hold-data-dir.ts`.
 * With `--exit`, it leaves through process.exit without closing the database.
 */
import { openDatabase } from '../../src/server/db/client';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
console.log(`holding ${handle.kind}`);
if (process.argv.includes('--exit')) process.exit(0);
setInterval(() => undefined, 60_000);
