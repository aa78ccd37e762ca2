/**
 * Authorisation helpers. They return the viewer or throw an AccessError, which the middleware turns
 * into the right response (a redirect to sign-in, the 404 page, or a 403 while impersonating);
 * callers never handle null.
 */
import type { Viewer } from './viewer-type';

type Ctx = { locals: App.Locals; url: URL };

export class AccessError extends Error {
  constructor(
    readonly kind: 'sign-in' | 'not-found' | 'impersonating',
    readonly callbackUrl?: string,
  ) {
    super(kind);
    this.name = 'AccessError';
  }
}

/** The signed-in viewer, or a redirect to `/sign-in?callbackUrl=<this page>`. */
export function requireMember(ctx: Ctx): Viewer {
  if (ctx.locals.viewer) return ctx.locals.viewer;
  throw new AccessError('sign-in', ctx.url.pathname + ctx.url.search);
}

/**
 * An admin acting as themself who signs in with a second factor; anyone else (an admin without one
 * included) gets the 404 page, so the route's existence is not revealed.
 */
export function requireAdmin(ctx: Ctx): Viewer {
  const v = ctx.locals.viewer;
  if (v && v.role === 'admin' && v.twoFactor && !ctx.locals.actor) return v;
  throw new AccessError('not-found');
}

/**
 * The member acting for themself. Sensitive actions (payment, email or password change, account
 * deletion, Telegram linking) call this: while an admin impersonates, they are refused with a 403.
 */
export function requireSelf(ctx: Ctx): Viewer {
  const v = requireMember(ctx);
  if (ctx.locals.actor) throw new AccessError('impersonating');
  return v;
}

export const IMPERSONATION_REFUSAL =
  'Tindakan ini tidak tersedia saat Anda masuk sebagai anggota lain (impersonasi). Akhiri sesi impersonasi terlebih dahulu.';
