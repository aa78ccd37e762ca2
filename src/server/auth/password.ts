/**
 * Password hashing (Argon2id) and the password policy.
 */
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

// OWASP's Argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const MIN_PASSWORD_LENGTH = 10;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when no account matches, so that unknown emails cost the same time as known ones.
let dummyHash: Promise<string> | undefined;

/** Checks a password against a hash; with no hash it burns the same time and returns false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('telaah-dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** The Indonesian reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Kata sandi minimal ${MIN_PASSWORD_LENGTH} karakter.`;
  if (password.length > 200) return 'Kata sandi maksimal 200 karakter.';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'Kata sandi ini terlalu umum dan mudah ditebak. Pilih yang lain.';
  const local = email?.toLowerCase().split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local)) {
    return `Kata sandi tidak boleh memuat "${local}", bagian depan alamat email Anda.`;
  }
  if (/^(.)\1+$/.test(password)) return 'Kata sandi tidak boleh berupa satu karakter yang diulang.';
  return null;
}
