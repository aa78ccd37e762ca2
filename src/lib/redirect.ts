/**
 * Safe redirects: a `callbackUrl` is honoured only when it is a path on this site. Anything that a
 * browser could resolve to another origin (`//evil.example`, `/\evil.example`, encoded variants,
 * schemes, control characters) falls back to the default.
 */
const BASE = 'http://telaah.invalid';

/** Returns `candidate` as a same-origin path (with query and hash), or `fallback`. */
export function safeCallbackPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || candidate.length > 2048 || !candidate.startsWith('/')) return fallback;
  let decoded = candidate;
  // Decode repeatedly so that %2F%2F and double-encoded forms are judged as the browser would see them.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return fallback;
  if (!decoded.startsWith('/') || decoded.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return url.pathname + url.search + url.hash;
}

/** `/sign-in?callbackUrl=…` for a page the visitor tried to open. */
export function signInUrl(callbackPath: string): string {
  return `/sign-in?callbackUrl=${encodeURIComponent(safeCallbackPath(callbackPath))}`;
}

/** `/sign-in/two-factor?callbackUrl=…`: the code step of a sign-in, then on to the page. */
export function secondFactorUrl(callbackPath: string): string {
  const path = safeCallbackPath(callbackPath, '');
  return path ? `/sign-in/two-factor?callbackUrl=${encodeURIComponent(path)}` : '/sign-in/two-factor';
}
