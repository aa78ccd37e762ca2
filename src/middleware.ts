/**
 * Resolves the request's identity once into typed locals, audits writes made while impersonating,
 * turns AccessErrors thrown by the require*() helpers into responses, reports server errors (the
 * digest on the 500 page), and sets the security headers. It never authorises by URL path: pages and
 * endpoints do, by calling the helpers.
 */
// Monitoring first, so that it is running before any other module can fail (TOOLCHAIN: Sentry).
import { monitoringRequestHandler } from './server/integrations/sentry';
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { AccessError, IMPERSONATION_REFUSAL } from './server/auth/guards';
import { resolveIdentity } from './server/auth/viewer-resolve';
import { signInUrl } from './lib/redirect';
import { config, now } from './server/config';
import { getDb } from './server/db/client';
import { audit } from './server/services/audit';
import { reportServerError, type ErrorContext } from './server/errors';
import { requestContext } from './server/request-context';
import { withSecurityHeaders } from './server/security-headers';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const onRequest = defineMiddleware(async (ctx, next) => {
  const monitored = monitoringRequestHandler();
  // Sentry's handler gives each request its own scope and reports errors thrown mid-stream.
  const response = monitored ? await monitored(ctx, () => handle(ctx, next)) : await handle(ctx, next);
  if (!(response instanceof Response)) throw new Error('The monitoring request handler returned no response');
  return withSecurityHeaders(response, config().NODE_ENV === 'production');
});

async function handle(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  ctx.locals.requestId = requestContext.getStore()?.requestId ?? randomUUID();
  ctx.locals.viewer = null;
  ctx.locals.actor = null;
  ctx.locals.impersonationExpiresAt = null;
  try {
    // The monitoring tunnel carries no identity and must set no cookies.
    if (!ctx.isPrerendered && ctx.url.pathname !== '/monitoring') await resolveInto(ctx);
    return await next();
  } catch (err) {
    if (err instanceof AccessError) return accessResponse(ctx, err);
    reportServerError(err, errorContext(ctx));
    // Astro renders the 500 page, which shows the digest given above.
    throw err;
  }
}

/** Who and what failed, read apart from handle() so that its assignments do not narrow the locals. */
function errorContext(ctx: APIContext): ErrorContext {
  const { requestId, viewer, actor } = ctx.locals;
  return { method: ctx.request.method, path: ctx.url.pathname, requestId, viewerId: viewer?.id, actorId: actor?.id };
}

async function resolveInto(ctx: APIContext): Promise<void> {
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

function accessResponse(ctx: APIContext, err: AccessError): Response | Promise<Response> {
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

function refusalPage(): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tidak diizinkan · Telaah</title></head><body style="font-family:system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>Tidak diizinkan saat impersonasi</h1><p>${IMPERSONATION_REFUSAL}</p><p><a href="/impersonate">Ke halaman impersonasi</a></p></body></html>`;
}
