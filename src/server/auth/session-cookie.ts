/**
 * Session cookies are Auth.js JWTs, whether the member signed in with a password (minted here) or
 * through SSO (minted by Auth.js). Each names a server-side session (`./session-rows`), so ending one takes
 * effect at once. HttpOnly, SameSite=Lax, Secure on HTTPS.
 */
import type { AstroCookies } from 'astro';
import { getSession } from 'auth-astro/server';
import { getDb } from '../db/client';
import { identityCookieOptions } from './secret';
import { endSessionById, openSession, SESSION_MAX_AGE } from './session-rows';
import { sessionCookieName, sessionToken, type SessionHolder } from './session-token';

/** Signs the member in on this response, with a new server-side session. */
export async function startSession(cookies: AstroCookies, user: SessionHolder): Promise<void> {
  const sid = await openSession(await getDb(), user.id);
  cookies.set(sessionCookieName(), await sessionToken(user, sid), identityCookieOptions(SESSION_MAX_AGE));
}

/** Signs out on this response (both cookie names, and chunked variants Auth.js may have written). */
export function endSession(cookies: AstroCookies, requestCookieHeader: string | null): void {
  const names = new Set(['authjs.session-token', '__Secure-authjs.session-token']);
  for (const part of (requestCookieHeader ?? '').split(';')) {
    const n = part.split('=')[0]?.trim();
    if (n && /authjs\.session-token(\.\d+)?$/.test(n)) names.add(n);
  }
  for (const n of names) cookies.delete(n, { path: '/', secure: n.startsWith('__Secure-') || undefined });
}

/** Ends the request's session on the server and clears its cookies: the cookie is void even if kept. */
export async function signOut(cookies: AstroCookies, request: Request): Promise<void> {
  const session = (await getSession(request).catch(() => null)) as { sessionId?: string } | null;
  if (session?.sessionId) await endSessionById(await getDb(), session.sessionId);
  endSession(cookies, request.headers.get('cookie'));
}

/** The server-side session id the request's cookie names, or null. */
export async function currentSessionId(request: Request): Promise<string | null> {
  const session = (await getSession(request).catch(() => null)) as { sessionId?: string } | null;
  return session?.sessionId ?? null;
}
