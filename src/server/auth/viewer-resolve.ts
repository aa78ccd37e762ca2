/**
 * Resolves a request's identity: the session's user from the database (role and tier fresh on every
 * request, never trusted from the cookie), and an admin's impersonation when one is active.
 */
import type { AstroCookies } from 'astro';
import { getSession } from 'auth-astro/server';
import { getDb } from '../db/client';
import { findUserById, type User } from '../services/accounts';
import { currentTier } from '../services/membership';
import { activeImpersonation, endImpersonation } from '../services/impersonation';
import { sessionIsActive } from './sessions';
import type { Viewer } from './viewer';

export const IMPERSONATION_COOKIE = 'telaah.impersonation';

async function toViewer(user: User, now: Date): Promise<Viewer> {
  const t = await currentTier(await getDb(), user.id, now);
  // Admins have everything a premium member has.
  const tier = user.role === 'admin' ? 'premium' : t.tier;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    tier,
    tierEndsAt: t.endsAt?.toISOString() ?? null,
  };
}

export interface Identity {
  viewer: Viewer | null;
  actor: Viewer | null;
  impersonationExpiresAt: Date | null;
}

/** The identity behind a request; clears an impersonation cookie that is no longer valid. */
export async function resolveIdentity(request: Request, cookies: AstroCookies, now: Date): Promise<Identity> {
  const none: Identity = { viewer: null, actor: null, impersonationExpiresAt: null };
  if (!/authjs\.session-token/.test(request.headers.get('cookie') ?? '')) return none;
  const session = (await getSession(request).catch(() => null)) as { userId?: string; sessionId?: string } | null;
  if (!session?.userId || typeof session.sessionId !== 'string') return none;
  const db = await getDb();
  // A cookie is only as good as its server-side session: sign-out and password changes delete those.
  if (!(await sessionIsActive(db, session.sessionId, session.userId))) return none;
  const user = await findUserById(db, session.userId);
  if (!user) return none;
  const self = await toViewer(user, now);
  const impId = cookies.get(IMPERSONATION_COOKIE)?.value;
  if (!impId || user.role !== 'admin') return { ...none, viewer: self };
  const imp = await activeImpersonation(db, impId, user.id, now);
  const member = imp ? await findUserById(db, imp.memberId) : undefined;
  if (!imp || !member) {
    await endImpersonation(db, impId, now, 'expired');
    cookies.delete(IMPERSONATION_COOKIE, { path: '/' });
    return { ...none, viewer: self };
  }
  return { viewer: await toViewer(member, now), actor: self, impersonationExpiresAt: imp.expiresAt };
}
