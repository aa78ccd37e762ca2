import type { APIRoute } from 'astro';
import { AccessError } from '../../../server/auth/guards';
import { IMPERSONATION_COOKIE } from '../../../server/auth/resolve-identity';
import { getDb } from '../../../server/db/client';
import { now } from '../../../server/clock';
import { endImpersonation } from '../../../server/services/admin';

export const prerender = false;

/** Ends the admin's impersonation and returns to /impersonate. Only an impersonating admin may call it. */
export const POST: APIRoute = async (ctx) => {
  const id = ctx.cookies.get(IMPERSONATION_COOKIE)?.value;
  if (!ctx.locals.actor || !id) throw new AccessError('not-found');
  await endImpersonation(await getDb(), id, now(), 'stop');
  ctx.cookies.delete(IMPERSONATION_COOKIE, { path: '/' });
  return ctx.redirect('/impersonate', 303);
};
