/**
 * `npm run serve`: serves an existing build as `npm start` does, but without building, migrating or
 * loading demo data — for a container whose database is migrated separately, and for the e2e story of
 * a server whose database is down.
 */
import './lib/env';
import { assertProductionReady, config, ConfigError } from '../src/server/config';
import { serveBuild } from '../src/server/node-server';

async function main(): Promise<void> {
  const c = config();
  assertProductionReady(c);
  await serveBuild({ entry: 'dist/server/entry.mjs', host: c.HOST, port: c.PORT });
  console.log(`Telaah is listening on http://${c.HOST}:${c.PORT}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
