/**
 * Resolves the request's identity once into typed locals, refuses writes while impersonating unless
 * the route policy opens the route to support (`server/http/routes.ts`, `server/auth/support-writes.ts`) and
 * audits the rest, turns AccessErrors thrown by the require*() helpers into responses, reports server
 * errors (the digest on the 500 page), and sets the security headers. It never grants access by URL path: pages and
 * endpoints authorise by calling the helpers.
 */
// Monitoring first, so that it is running before any other module can fail (decision 0006: imported later,
// errors of endpoints that run before any page were not reported).
import { monitoringRequestHandler } from './server/integrations/sentry';
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { AccessError, IMPERSONATION_REFUSAL } from './server/auth/guards';
import { isReadMethod, supportMayWrite } from './server/auth/support-writes';
import { isAdminRoute } from './server/auth/admin-routes';
import { routeOf } from './server/http/routes';
import { resolveIdentity } from './server/auth/resolve-identity';
import { secondFactorUrl, signInUrl } from './lib/redirect';
import { now } from './server/clock';
import { config } from './server/config';
import { getDb } from './server/db/client';
import { syncVersions } from './server/db/data-versions';
import { mayHaveWritten } from './server/db/request-writes';
import { audit } from './server/services/audit';
import { reportServerError, type ErrorContext } from './server/errors';
import { requestContext } from './server/http/request-context';
import { withSecurityHeaders } from './server/http/security-headers';
import { jsonError, withReasonPhrase } from './server/http/responses';
import { applyCachePolicy, cachedRender } from './server/http/http-cache';
import { withMemberPagesCache } from './server/http/member-pages-cache';
import { catchUpWithCookie, rememberWrittenVersion } from './server/http/written-version';
import { API_ORIGIN_REFUSAL, apiWriteWithoutOrigin } from './server/http/api-origin';

export const onRequest = defineMiddleware(async (ctx, next) => {
  const production = config().NODE_ENV === 'production';
  // An anonymous research page already rendered for the current market data (src/server/http/http-cache.ts).
  const cached = ctx.isPrerendered ? null : await cachedRender(ctx);
  if (cached) return withSecurityHeaders(cached, production);
  const monitored = monitoringRequestHandler();
  // Sentry's handler gives each request its own scope and reports errors thrown mid-stream.
  const response = monitored ? await monitored(ctx, () => handle(ctx, next)) : await handle(ctx, next);
  if (!(response instanceof Response)) throw new Error('The monitoring request handler returned no response');
  return withSecurityHeaders(
    withReasonPhrase(ctx.isPrerendered ? response : await applyCachePolicy(ctx, response)),
    production,
  );
});

async function handle(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  ctx.locals.requestId = requestContext.getStore()?.requestId ?? randomUUID();
  ctx.locals.viewer = null;
  ctx.locals.actor = null;
  ctx.locals.impersonationExpiresAt = null;
  ctx.locals.pendingSecondFactor = null;
  // A pre-rendered route is a GET answered at build time, which has no request headers to read.
  if (!ctx.isPrerendered && apiWriteWithoutOrigin(ctx.request.method, ctx.url, ctx.request.headers.get('origin')))
    return jsonError(403, API_ORIGIN_REFUSAL);
  try {
    // The monitoring tunnel carries no identity and must set no cookies (`identity` in the route policy).
    if (!ctx.isPrerendered && routeOf(ctx.url.pathname).identity) await resolveInto(ctx);
    const member = viewerIdOf(ctx);
    // A member's last write, taken by another server, shows here too (server/http/written-version.ts).
    if (member) await catchUpWithCookie(await getDb(), member, ctx.request.headers.get('cookie'));
    const response = await withMemberPagesCache(ctx, () => next());
    // What this request wrote shows on this server's next request (db/request-writes.ts): a write method,
    // or any request whose statements wrote (a verification link, Auth.js's callbacks are GETs); and on
    // the other servers', through the member's data version in a cookie.
    if (mayHaveWritten(ctx.request.method)) {
      const db = await getDb().catch(() => undefined);
      if (db) await syncVersions(db);
      // The write is done: a version that cannot be read now only leaves the other servers a moment behind.
      if (db && member) await rememberWrittenVersion(ctx.cookies, db, member).catch(() => undefined);
    }
    return response;
  } catch (err) {
    if (err instanceof AccessError) return accessResponse(ctx, err);
    reportServerError(err, errorContext(ctx));
    // Astro renders the 500 page, which shows the digest given above.
    throw err;
  }
}

/** The member the request acts for, read apart from handle() so that its assignments do not narrow the locals. */
function viewerIdOf(ctx: APIContext): string | undefined {
  return ctx.locals.viewer?.id;
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
  ctx.locals.pendingSecondFactor = identity.pendingSecondFactor;
  if (identity.actor && identity.viewer && !isReadMethod(ctx.request.method)) {
    // The admin console and its APIs do not exist for an impersonating admin: 404, as for a read (requireAdmin).
    if (isAdminRoute(ctx.routePattern) && !supportMayWrite(ctx.routePattern, ctx.request.method))
      throw new AccessError('not-found');
    if (!supportMayWrite(ctx.routePattern, ctx.request.method)) throw new AccessError('impersonating');
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
  if (err.kind === 'sign-in') {
    // Password (or SSO) accepted, code not yet entered: the sign-in continues at the code step.
    if (ctx.locals.pendingSecondFactor) return ctx.redirect(secondFactorUrl(err.callbackUrl ?? ''), 302);
    return ctx.redirect(signInUrl(err.callbackUrl ?? '/'), 302);
  }
  if (err.kind === 'impersonating') return refusal(ctx);
  if (isReadMethod(ctx.request.method)) return ctx.rewrite('/404');
  // A write answered 404 (the admin console for an impersonating admin): the page is rendered as a GET, as
  // the 403 page is, since the rewritten request runs through this middleware again.
  return rewriteAsGet(ctx, '/404', 404);
}

/** 403 while impersonating: JSON for an API endpoint, else the `/403` page (rendered as a GET: it never writes). */
async function refusal(ctx: APIContext): Promise<Response> {
  if (routeOf(ctx.url.pathname).kind === 'api') {
    return new Response(JSON.stringify({ error: IMPERSONATION_REFUSAL }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
  }
  return rewriteAsGet(ctx, '/403', 403);
}

async function rewriteAsGet(ctx: APIContext, path: string, status: number): Promise<Response> {
  const headers = new Headers(ctx.request.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  const page = await ctx.rewrite(new Request(new URL(path, ctx.url), { headers }));
  return new Response(page.body, { status, headers: page.headers });
}
