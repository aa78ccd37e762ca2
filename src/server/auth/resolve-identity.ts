/**
 * Resolves a request's identity: the session's user from the database (role and tier fresh on every
 * request, never trusted from the cookie; session-user.ts), and an admin's impersonation when one is
 * active. Auth.js decodes the session cookie; what it decoded is remembered per cookie value.
 */
import type { AstroCookies } from 'astro';
import { getSession } from 'auth-astro/server';
import { getDb } from '../db/client';
import { findUserById } from '../services/accounts';
import { currentTier } from '../services/membership';
import { activeImpersonation, endImpersonation } from '../services/admin';
import { pendingSecondFactorUser } from './session-rows';
import {
  IMPERSONATION_COOKIE,
  knownClaims,
  rememberClaims,
  sessionCookies,
  sessionUser,
  toViewer,
  type SessionClaims,
} from './session-user';
import type { Viewer } from './viewer-type';

export { IMPERSONATION_COOKIE };

/** The session cookie's claims (Auth.js decodes and checks it), or null when there is no valid one. */
async function sessionClaims(request: Request): Promise<SessionClaims | null> {
  const cookies = sessionCookies(request.headers.get('cookie'));
  if (!cookies) return null;
  const known = knownClaims(cookies);
  if (known) return known;
  const session = (await getSession(request).catch(() => null)) as { userId?: unknown; sessionId?: unknown } | null;
  if (typeof session?.userId !== 'string' || typeof session.sessionId !== 'string') return null;
  const claims = { userId: session.userId, sessionId: session.sessionId };
  rememberClaims(cookies, claims);
  return claims;
}

export interface Identity {
  viewer: Viewer | null;
  actor: Viewer | null;
  impersonationExpiresAt: Date | null;
  /** A signed-in session still waiting for its second factor (then viewer is null). */
  pendingSecondFactor: SessionClaims | null;
}

/** The identity behind a request; clears an impersonation cookie that is no longer valid. */
export async function resolveIdentity(request: Request, cookies: AstroCookies, now: Date): Promise<Identity> {
  const none: Identity = { viewer: null, actor: null, impersonationExpiresAt: null, pendingSecondFactor: null };
  const claims = await sessionClaims(request);
  if (!claims) return none;
  const db = await getDb();
  // A cookie is only as good as its server-side session: sign-out and password changes delete those.
  const found = await sessionUser(db, claims, now);
  if (!found) {
    const pending = await pendingSecondFactorUser(db, claims.sessionId, claims.userId);
    return pending ? { ...none, pendingSecondFactor: claims } : none;
  }
  const self = toViewer(found.user, found.tier);
  const impId = cookies.get(IMPERSONATION_COOKIE)?.value;
  // Acting as a member needs what starting it needed: the admin role with a second factor.
  if (!impId || found.user.role !== 'admin' || found.user.twoFactorAt === null) return { ...none, viewer: self };
  const imp = await activeImpersonation(db, impId, found.user.id, now);
  const member = imp ? await findUserById(db, imp.memberId) : undefined;
  if (!imp || !member) {
    await endImpersonation(db, impId, now, 'expired');
    cookies.delete(IMPERSONATION_COOKIE, { path: '/' });
    return { ...none, viewer: self };
  }
  return {
    viewer: toViewer(member, await currentTier(db, member.id, now)),
    actor: self,
    impersonationExpiresAt: imp.expiresAt,
    pendingSecondFactor: null,
  };
}
