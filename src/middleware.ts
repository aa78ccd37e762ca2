/**
 * Resolves the request's identity once into typed locals, and turns AccessErrors thrown by the
 * require*() helpers into responses. It never authorises by URL path: pages and endpoints do, by
 * calling the helpers.
 */
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { AccessError } from './server/auth/guards';
import { signInUrl } from './lib/redirect';

export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.requestId = randomUUID();
  ctx.locals.viewer = null;
  ctx.locals.actor = null;
  try {
    return await next();
  } catch (err) {
    if (err instanceof AccessError) {
      if (err.kind === 'sign-in') return ctx.redirect(signInUrl(err.callbackUrl ?? '/'), 302);
      return ctx.rewrite('/404');
    }
    throw err;
  }
});
