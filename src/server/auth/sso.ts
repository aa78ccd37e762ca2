/**
 * What the SSO button needs: whether a provider is configured, and an Auth.js CSRF token for the
 * sign-in form (Auth.js refuses sign-in POSTs without it). The CSRF cookie is set on our response.
 */
import type { AstroCookies } from 'astro';
import { Auth } from '@auth/core';
import { parseString } from 'set-cookie-parser';
import authConfig from '../../../auth.config';
import { config } from '../config';

export interface SsoButton {
  name: string;
  csrfToken: string;
  /** Where the sign-in form's redirect ends (the page's CSP must allow it as a form target). */
  providerUrl: string;
}

export async function ssoButton(request: Request, cookies: AstroCookies): Promise<SsoButton | null> {
  const c = config();
  if (!c.OIDC_ISSUER || !c.OIDC_CLIENT_ID) return null;
  const url = new URL('/api/auth/csrf', request.url);
  const res = await Auth(new Request(url, { headers: request.headers }), authConfig);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  for (const header of res.headers.getSetCookie()) {
    const { name, value, ...opts } = parseString(header);
    cookies.set(name, value, opts as Parameters<AstroCookies['set']>[2]);
  }
  return { name: c.OIDC_NAME, csrfToken, providerUrl: c.OIDC_ISSUER };
}
