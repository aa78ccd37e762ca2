import type { APIRoute } from 'astro';
import { signOut } from '../../../server/auth/session-cookie';
import { IMPERSONATION_COOKIE } from '../../../server/auth/resolve-identity';
import { getDb } from '../../../server/db/client';
import { now } from '../../../server/clock';
import { endImpersonation } from '../../../server/services/admin';

export const prerender = false;

/** Signs out, ending the session on the server (and any impersonation first). POST only, origin-checked. */
export const POST: APIRoute = async ({ cookies, request, redirect }) => {
  const imp = cookies.get(IMPERSONATION_COOKIE)?.value;
  if (imp) await endImpersonation(await getDb(), imp, now(), 'stop');
  cookies.delete(IMPERSONATION_COOKIE, { path: '/' });
  await signOut(cookies, request);
  return redirect('/', 303);
};
