/**
 * Security headers for every response (docs/product.md §7.5, issue 9). The page Content-Security-Policy itself
 * comes from Astro (`security.csp` in astro.config.mjs, with hashes for inline scripts); this module holds
 * the headers around it and the policy for responses Astro does not render as pages.
 */

/** Browser features Telaah does not use, turned off for every page and every frame. */
// Only features Chromium recognises: an unknown name logs a console warning on every page.
const DISABLED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
];

export const PERMISSIONS_POLICY = DISABLED_FEATURES.map((f) => `${f}=()`).join(', ');

/**
 * For responses that are not Astro pages (endpoints, redirects, the middleware's refusal page, static
 * files): nothing may load or run; inline style attributes only, for the refusal page.
 */
export const FALLBACK_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Headers every response carries. HSTS only in production, where the site is served over HTTPS. */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(production ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/**
 * Returns the response with the security headers set (and FALLBACK_CSP where Astro set no policy).
 * Responses with immutable headers (`Response.redirect`) are copied first.
 */
export function withSecurityHeaders(response: Response, production: boolean): Response {
  let res = response;
  try {
    res.headers.set('x-content-type-options', 'nosniff');
  } catch {
    res = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(securityHeaders(production))) res.headers.set(name, value);
  if (!res.headers.has('content-security-policy')) res.headers.set('content-security-policy', FALLBACK_CSP);
  return res;
}
