import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { now } from '../../../server/config';
import { confirmEmailToken } from '../../../server/services/accounts';

export const prerender = false;

/** The link in verification emails: verifies the address once, then sends the member on. */
export const GET: APIRoute = async ({ url, redirect, locals }) => {
  const user = await confirmEmailToken(await getDb(), url.searchParams.get('token') ?? '', now());
  if (!user) return redirect('/sign-in?verified=invalid', 303);
  return redirect(locals.viewer ? '/settings/account?email=verified' : '/sign-in?verified=1', 303);
};
