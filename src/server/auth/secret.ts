/**
 * The Auth.js secret: AUTH_SECRET (required in production), else a per-installation secret kept in
 * DATA_DIR so development sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertProductionReady, config, parseConfig } from '../config';

let cached: string | undefined;

/** The per-installation secret kept in `dataDir/.auth-secret`, created (random, mode 600) on first use. */
function installationSecret(dataDir: string): string {
  const file = path.resolve(dataDir, '.auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(33).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * For a production server on the embedded default without AUTH_SECRET: puts the installation secret
 * into the environment before the configuration is first read, so one data folder keeps one secret.
 * A server on DATABASE_URL must be given AUTH_SECRET (several servers have to share it).
 */
export function provideEmbeddedSecret(env: NodeJS.ProcessEnv = process.env): void {
  const c = parseConfig(env);
  if (c.NODE_ENV === 'production' && !c.AUTH_SECRET && !c.DATABASE_URL)
    env.AUTH_SECRET = installationSecret(c.DATA_DIR);
}

export function authSecret(): string {
  if (cached) return cached;
  const c = config();
  if (c.AUTH_SECRET) return (cached = c.AUTH_SECRET);
  assertProductionReady(c);
  return (cached = installationSecret(c.DATA_DIR));
}

/** True when the site is served over HTTPS (cookies then get the Secure flag and __Secure- prefix). */
export function secureCookies(): boolean {
  return (config().APP_URL ?? '').startsWith('https://');
}

/** The options of every cookie that carries identity (session, impersonation). */
export function identityCookieOptions(maxAge: number) {
  return { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: '/', maxAge } as const;
}
