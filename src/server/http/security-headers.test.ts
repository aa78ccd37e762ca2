import { describe, expect, it } from 'vitest';
import { FALLBACK_CSP, PERMISSIONS_POLICY, securityHeaders, withSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('sends HSTS in production only', () => {
    expect(securityHeaders(true)['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(securityHeaders(false)['strict-transport-security']).toBeUndefined();
  });

  it('turns off the browser features Telaah does not use', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
  });

  it('keeps the page policy Astro wrote and adds the fallback where there is none', () => {
    const page = withSecurityHeaders(
      new Response('<p>x</p>', { headers: { 'content-security-policy': "default-src 'self'" } }),
      false,
    );
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    const json = withSecurityHeaders(new Response('{}'), false);
    expect(json.headers.get('content-security-policy')).toBe(FALLBACK_CSP);
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    expect(json.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('copies responses whose headers cannot change (Response.redirect)', () => {
    const res = withSecurityHeaders(Response.redirect('http://localhost/sign-in', 302), true);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost/sign-in');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
