/**
 * One-time email tokens (verification, change of address): random, stored only as a SHA-256 hash,
 * valid for 24 hours, consumed once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailTokens } from '../db/schema';

const TTL_MS = 24 * 60 * 60_000;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a token for `userId` and returns it (the only time the plain token exists). */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: 'verify-email' | 'change-email',
  email: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
  await db.insert(emailTokens).values({ tokenHash: sha256(token), userId, purpose, email, expiresAt: new Date(now.getTime() + TTL_MS) });
  return token;
}

/** Consumes a valid token: returns its user and address, or null when unknown, used or expired. */
export async function consumeEmailToken(db: Db, token: string, now: Date): Promise<{ userId: string; purpose: string; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), gt(emailTokens.expiresAt, now)))
    .returning();
  return row ? { userId: row.userId, purpose: row.purpose, email: row.email } : null;
}
