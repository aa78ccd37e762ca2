/**
 * The server side of sessions: every session cookie names a row of `sessions`, checked on every request.
 * Ending a session deletes its row, so sign-out, a password change or "sign out everywhere" take effect
 * on every app server at once, however long the cookie itself would have lasted.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

/** Lifetime of a session (and of its cookie), in seconds. */
export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * Opens a session for the member and returns its id. Expiry follows the wall clock, as the cookie's
 * own expiry does (APP_NOW does not move it).
 */
export async function openSession(db: Db, userId: string): Promise<string> {
  const at = new Date();
  // Expired rows are dead weight; the member's own are dropped whenever they sign in.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, at)));
  const [row] = await db
    .insert(sessions)
    .values({ userId, createdAt: at, expiresAt: new Date(at.getTime() + SESSION_MAX_AGE * 1000) })
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
 * does this before signing the member in afresh). Returns how many were ended.
 */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}
