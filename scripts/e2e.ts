/**
 * `npm run test:e2e`: makes sure a Chromium is available (Playwright cannot download its own here;
 * scripts/lib/chromium.mjs says which), builds the site, then runs the Playwright suite. It never skips
 * silently: no browser, no pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { PREFERRED_CHROMIUM as PREFERRED, chromiumPath } from './lib/chromium.mjs';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
}

function isDebian(): boolean {
  return existsSync('/etc/debian_version') || /ID(_LIKE)?=.*debian/.test(readFileSync('/etc/os-release', 'utf8'));
}

function ensureChromium(): string {
  const wanted = chromiumPath();
  if (existsSync(wanted)) return wanted;
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0 && isDebian()) {
    console.log(`Chromium not found: installing Debian's ${PREFERRED.pkg} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], env) === 0 &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', PREFERRED.pkg], env) === 0 &&
      existsSync(PREFERRED.path)
    ) {
      return PREFERRED.path;
    }
  }
  console.error(
    `No Chromium at ${wanted}: install Debian's package (sudo apt-get install ${PREFERRED.pkg}) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

const chromium = ensureChromium();
if (!process.argv.includes('--no-build') && run('npx', ['astro', 'build']) !== 0) process.exit(1);
const extra = process.argv.slice(2).filter((a) => a !== '--no-build');
process.exit(run('npx', ['playwright', 'test', ...extra], { ...process.env, CHROMIUM_PATH: chromium }));
