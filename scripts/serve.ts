/**
 * The server that `npm run serve` runs (bundled into dist/server/serve.mjs): serves an existing build as
 * `npm start` does, but without building, migrating or loading demo data — for a container whose database is
 * migrated separately, and for the e2e story of a server whose database is down. An embedded database is opened (and its folder locked) before serving, so a
 * second server on the same folder stops at once; a PostgreSQL server is reached on the first request that needs
 * it, and again on later ones while it is unreachable.
 */
import './lib/env';
import { assertProductionReady, config } from '../src/server/config';
import { openDatabase, setProcessDatabase, type DbHandle } from '../src/server/db/client';
import { drainServer, serveBuild } from '../src/server/http/node-server';
import { assertNoPoolAdmins, exitWithStartupError, warnWithoutAppUrl } from './lib/startup';
import { provideEmbeddedSecret } from '../src/server/auth/secret';

async function main(): Promise<void> {
  provideEmbeddedSecret();
  const c = config();
  assertProductionReady(c);
  warnWithoutAppUrl(c);
  let handle: DbHandle | undefined;
  if (!c.DATABASE_URL) {
    handle = await openDatabase({ dataDir: c.DATA_DIR });
    await assertNoPoolAdmins(handle.db, c.NODE_ENV);
    setProcessDatabase(handle);
  }
  const server = await serveBuild({ entry: 'dist/server/entry.mjs', host: c.HOST, port: c.PORT });
  console.log(`Telaah is listening on http://${c.HOST}:${c.PORT}`);
  const stop = async () => {
    await drainServer(server, c.SHUTDOWN_SECONDS * 1000);
    await handle?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch(exitWithStartupError);
