/**
 * The Auth.js secret: AUTH_SECRET (required in production), else a per-installation secret kept in
 * DATA_DIR so development sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertProductionReady, config } from '../config';

let cached: string | undefined;

export function authSecret(): string {
  if (cached) return cached;
  const c = config();
  if (c.AUTH_SECRET) return (cached = c.AUTH_SECRET);
  assertProductionReady(c);
  const file = path.resolve(c.DATA_DIR, '.auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(33).toString('base64'), { mode: 0o600 });
  }
  return (cached = readFileSync(file, 'utf8').trim());
}

/** True when the site is served over HTTPS (cookies then get the Secure flag and __Secure- prefix). */
export function secureCookies(): boolean {
  return (config().APP_URL ?? '').startsWith('https://');
}
