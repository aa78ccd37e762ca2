/**
 * The server side of sessions: every session cookie names a row of `sessions`, checked on every request.
 * Ending a session deletes its row, so sign-out, a password change or "sign out everywhere" take effect
 * on every app server at once, however long the cookie itself would have lasted.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailTokens, sessions, users } from '../db/schema';

/** Lifetime of a session (and of its cookie), in seconds. */
export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * Opens a session for the member and returns its id. Expiry follows the wall clock, as the cookie's
 * own expiry does (APP_NOW does not move it). For a member with a second factor the session starts
 * pending: it grants nothing until the code is entered (services/accounts/two-factor.ts).
 */
export async function openSession(db: Db, userId: string): Promise<string> {
  const at = new Date();
  // Expired rows are dead weight; the member's own are dropped whenever they sign in.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, at)));
  const [user] = await db.select({ twoFactorAt: users.twoFactorAt }).from(users).where(eq(users.id, userId));
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + SESSION_MAX_AGE * 1000),
      secondFactorPending: Boolean(user?.twoFactorAt),
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** True while the session exists, belongs to the member and has not expired. */
export async function sessionIsActive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return rows.length > 0;
}

/** Ends one session (sign-out). */
export async function endSessionById(db: Db, sessionId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return;
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of the member on every server ("sign out everywhere"; a password change or reset
 * does this before signing the member in afresh), and voids every outstanding password-reset link: a
 * link mailed before would otherwise outlive the change it was meant to guard. Returns how many
 * sessions were ended.
 */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset-password')));
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** The user of a live session still waiting for its second factor, or null. */
export async function pendingSecondFactorUser(db: Db, sessionId: string, userId: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        eq(sessions.secondFactorPending, true),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return rows[0]?.userId ?? null;
}
