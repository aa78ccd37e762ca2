/**
 * The e2e runs' pool of admins (docs/decisions/0040-e2e-admin-pool.md): like the member pool
 * (scripts/lib/member-pool.ts), accounts written into the e2e database before the server starts, each an
 * admin with two factors on. A story claims one for itself, so its sign-in never competes with another
 * story's for the same TOTP step (a code works once per account, and each accepted step must be newer than
 * the last). Each admin's TOTP secret is derived from a fixed seed and the address, so tests/e2e/fixtures.ts
 * computes its codes without reading the database. Plain Node on purpose: the Playwright workers use it.
 */
import { createHmac } from 'node:crypto';
import { Secret } from 'otpauth';

/** About twice the admin sign-ins of a full run (the suite server's, plus the specs' own servers'). */
export const ADMIN_POOL_SIZE = 40;
/** Test-only: every pool admin's secret follows from it; pool admins exist only in e2e databases. */
const ADMIN_POOL_SEED = 'telaah-e2e-admin-pool';

export interface PoolAdmin {
  email: string;
  password: string;
  name: string;
}

/** The address of the pool's admin number `i` (from 0), nothing a story's search would match. */
export function adminPoolEmail(i: number): string {
  return `pengelola-uji-${String(i + 1).padStart(2, '0')}@contoh.test`;
}

/** The display name of the pool's admin number `i` (from 0). */
export function adminPoolName(i: number): string {
  return `Pengelola Uji ${String(i + 1).padStart(2, '0')}`;
}

/** The TOTP secret (base32, 160 bits) of the pool admin `email`: HMAC-SHA1 of the address under the seed. */
export function adminPoolSecret(email: string): string {
  const key = createHmac('sha1', ADMIN_POOL_SEED).update(email.toLowerCase()).digest();
  return new Secret({ buffer: Uint8Array.from(key).buffer }).base32;
}
