/**
 * `npm start` and `npm run serve`: the launcher of the production server. Plain JavaScript on purpose:
 * the serving process runs the bundles that `astro build` writes (dist/server/start.mjs and serve.mjs,
 * see scripts/lib/serving-integration.ts), so no TypeScript loader sits on the request path.
 *
 * `node scripts/launch.mjs start [--build] [--demo]` builds first when the build is missing or older
 * than the sources; `node scripts/launch.mjs serve` serves an existing build. NODE_ENV defaults to
 * `production` (React's production build, AUTH_SECRET required unless the embedded default keeps one
 * in its data folder).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { keepTickObjectShape } from './lib/tick-shape.mjs';

// Before anything else, while the process has not collected yet (./lib/tick-shape.mjs).
keepTickObjectShape();

const SOURCES = ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'package-lock.json'];
const BUNDLES = { start: 'dist/server/start.mjs', serve: 'dist/server/serve.mjs' };

/** @param {string} p */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** @param {string} bundle */
function buildIfNeeded(bundle) {
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const stale = SOURCES.some((s) => newestMtime(s) > built);
  if (!stale && !process.argv.includes('--build')) return;
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const r = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(bundle)) {
    console.error('Build failed; see the messages above.');
    process.exit(1);
  }
}

const mode = process.argv[2] === 'serve' ? 'serve' : 'start';
if (existsSync('.env')) process.loadEnvFile('.env');
process.env.NODE_ENV ||= 'production';
if (mode === 'start') buildIfNeeded(BUNDLES.start);
else if (!existsSync(BUNDLES.serve)) {
  console.error(`No build at ${BUNDLES.serve}: run \`npm run build\` first.`);
  process.exit(1);
}
await import(pathToFileURL(path.resolve(BUNDLES[mode])).href);
