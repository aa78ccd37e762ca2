import { describe, expect, it } from 'vitest';

// Behind a TLS proxy the app sees http:// requests; APP_URL is what says the site is on HTTPS.
process.env.APP_URL = 'https://telaah.example';
const { identityCookieOptions, secureCookies } = await import('./secret');

describe('cookies that carry identity behind a TLS proxy', () => {
  it('are Secure by APP_URL, whatever the request URL says', () => {
    expect(identityCookieOptions(60)).toEqual({ httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: 60 });
    expect(secureCookies()).toBe(true);
  });

  it('is the rule the impersonation cookie is set with', async () => {
    const { readFileSync } = await import('node:fs');
    const start = readFileSync('src/pages/api/impersonate/start.ts', 'utf8');
    expect(start).toMatch(/cookies\.set\(IMPERSONATION_COOKIE, [^,]+, identityCookieOptions\(/);
    expect(start).not.toContain('url.protocol');
  });
});
