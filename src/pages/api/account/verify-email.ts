import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { now } from '../../../server/clock';
import { confirmEmailToken } from '../../../server/services/accounts';
import { safeCallbackPath } from '../../../lib/redirect';

export const prerender = false;

/**
 * The link in verification emails: verifies the address once, then sends the member on, to where they
 * were going when they signed up (`next`, honoured only as a path on this site) through sign-in.
 */
export const GET: APIRoute = async ({ url, redirect, locals }) => {
  const next = safeCallbackPath(url.searchParams.get('next'), '');
  const user = await confirmEmailToken(await getDb(), url.searchParams.get('token') ?? '', now());
  const carry = next ? `&callbackUrl=${encodeURIComponent(next)}` : '';
  if (!user) return redirect(`/sign-in?verified=invalid${carry}`, 303);
  if (locals.viewer) return redirect(next || '/settings/account?email=verified', 303);
  return redirect(`/sign-in?verified=1${carry}`, 303);
};
