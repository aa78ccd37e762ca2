/**
 * One-time email tokens (verification, change of address, password reset): random, stored only as a
 * SHA-256 hash, valid for a limited time (24 hours unless the purpose says otherwise), consumed once and
 * only for the purpose they were issued for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';

export type EmailTokenPurpose = 'verify-email' | 'change-email' | 'reset-password';

const TTL_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60_000,
  'change-email': 24 * 60 * 60_000,
  'reset-password': 60 * 60_000,
};
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a token for `userId` and returns it (the only time the plain token exists). */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  email: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
  await db
    .insert(emailTokens)
    .values({ tokenHash: sha256(token), userId, purpose, email, expiresAt: new Date(now.getTime() + TTL_MS[purpose]) });
  return token;
}

function validFor(token: string, purposes: readonly EmailTokenPurpose[], now: Date) {
  return and(
    eq(emailTokens.tokenHash, sha256(token)),
    inArray(emailTokens.purpose, [...purposes]),
    gt(emailTokens.expiresAt, now),
  );
}

/**
 * Consumes a valid token of one of `purposes`: returns its user and address, or null when unknown, used,
 * expired or issued for another purpose (which leaves it untouched).
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purposes: readonly EmailTokenPurpose[],
  now: Date,
): Promise<{ userId: string; purpose: EmailTokenPurpose; email: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .delete(emailTokens)
    .where(validFor(token, purposes, now))
    .returning();
  return row ? { userId: row.userId, purpose: row.purpose, email: row.email } : null;
}

/** The user of a token currently valid for `purpose`, without consuming it; null otherwise. */
export async function peekEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<{ userId: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(validFor(token, [purpose], now));
  return row ?? null;
}
