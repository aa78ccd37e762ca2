/**
 * Resolves the request's identity once into typed locals, audits writes made while impersonating,
 * and turns AccessErrors thrown by the require*() helpers into responses. It never authorises by URL
 * path: pages and endpoints do, by calling the helpers.
 */
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { AccessError, IMPERSONATION_REFUSAL } from './server/auth/guards';
import { resolveIdentity } from './server/auth/viewer-resolve';
import { signInUrl } from './lib/redirect';
import { now } from './server/config';
import { getDb } from './server/db/client';
import { audit } from './server/services/audit';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.requestId = randomUUID();
  ctx.locals.viewer = null;
  ctx.locals.actor = null;
  ctx.locals.impersonationExpiresAt = null;
  // The monitoring tunnel carries no identity and must set no cookies.
  if (!ctx.isPrerendered && ctx.url.pathname !== '/monitoring') {
    const identity = await resolveIdentity(ctx.request, ctx.cookies, now());
    ctx.locals.viewer = identity.viewer;
    ctx.locals.actor = identity.actor;
    ctx.locals.impersonationExpiresAt = identity.impersonationExpiresAt?.toISOString() ?? null;
    if (identity.actor && identity.viewer && !READ_METHODS.has(ctx.request.method)) {
      await audit(await getDb(), {
        at: now(),
        actorId: identity.actor.id,
        subjectId: identity.viewer.id,
        action: 'impersonation.write',
        details: { method: ctx.request.method, path: ctx.url.pathname },
      });
    }
  }
  try {
    return await next();
  } catch (err) {
    if (!(err instanceof AccessError)) throw err;
    if (err.kind === 'sign-in') return ctx.redirect(signInUrl(err.callbackUrl ?? '/'), 302);
    if (err.kind === 'impersonating') {
      const json = ctx.url.pathname.startsWith('/api/');
      return new Response(json ? JSON.stringify({ error: IMPERSONATION_REFUSAL }) : refusalPage(), {
        status: 403,
        headers: { 'content-type': json ? 'application/json' : 'text/html; charset=utf-8' },
      });
    }
    return ctx.rewrite('/404');
  }
});

function refusalPage(): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tidak diizinkan · Telaah</title></head><body style="font-family:system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>Tidak diizinkan saat impersonasi</h1><p>${IMPERSONATION_REFUSAL}</p><p><a href="/impersonate">Ke halaman impersonasi</a></p></body></html>`;
}
