/**
 * The session cookie's name and value: an Auth.js JWT naming a server-side session (`./session-rows`).
 * Without Astro or auth-astro, so that the serving program (http/node-server.ts, bundled apart from the
 * app) can mint the cookies of its warm start.
 */
import { encode } from '@auth/core/jwt';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { authSecret, secureCookies } from './secret';
import { SESSION_MAX_AGE } from './session-rows';

/** The session cookie's name: `__Secure-` on HTTPS. */
export function sessionCookieName(): string {
  return secureCookies() ? '__Secure-authjs.session-token' : 'authjs.session-token';
}

export interface SessionHolder {
  id: string;
  name: string;
  email: string;
}

/** The session cookie's value for the member's server-side session `sid`. */
export function sessionToken(user: SessionHolder, sid: string): Promise<string> {
  return encode({
    token: { sub: user.id, name: user.name, email: user.email, sid },
    secret: authSecret(),
    salt: sessionCookieName(),
    maxAge: SESSION_MAX_AGE,
  });
}

/**
 * `Cookie` headers naming the live sessions of the `limit` members who signed in last (their newest
 * session each), for the server's warm start only (http/warm-up.ts): it asks for those members' pages
 * through its own handler on a private loopback port before it opens, so that each member who was signed
 * in before a restart finds their page in memory. Each names a session that exists, so it grants what
 * that session grants and ends with it; nothing here leaves the process.
 */
export async function liveSessionCookies(db: Db, limit: number): Promise<string[]> {
  const newest = db
    .selectDistinctOn([sessions.userId], { userId: sessions.userId, sid: sessions.id, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(gt(sessions.expiresAt, new Date()), eq(sessions.secondFactorPending, false)))
    .orderBy(sessions.userId, desc(sessions.createdAt))
    .as('newest');
  const rows = await db
    .select({ userId: newest.userId, sid: newest.sid, name: users.name, email: users.email })
    .from(newest)
    .innerJoin(users, eq(users.id, newest.userId))
    .orderBy(desc(newest.createdAt))
    .limit(limit);
  const name = sessionCookieName();
  return Promise.all(rows.map(async (r) => `${name}=${await sessionToken({ id: r.userId, ...r }, r.sid)}`));
}
