/**
 * Sessions are Auth.js JWT cookies, whether the member signed in with a password (minted here) or
 * through SSO (minted by Auth.js). HttpOnly, SameSite=Lax, Secure on HTTPS.
 */
import type { AstroCookies } from 'astro';
import { encode } from '@auth/core/jwt';
import { authSecret, secureCookies } from './secret';

export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export function sessionCookieName(): string {
  return secureCookies() ? '__Secure-authjs.session-token' : 'authjs.session-token';
}

/** Signs the member in on this response. */
export async function startSession(cookies: AstroCookies, user: { id: string; name: string; email: string }): Promise<void> {
  const name = sessionCookieName();
  const token = await encode({
    token: { sub: user.id, name: user.name, email: user.email },
    secret: authSecret(),
    salt: name,
    maxAge: SESSION_MAX_AGE,
  });
  cookies.set(name, token, { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: '/', maxAge: SESSION_MAX_AGE });
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
