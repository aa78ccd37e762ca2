/**
 * Impersonation is deny-by-default for writes. While an admin acts as a member, a request with any
 * method but GET, HEAD or OPTIONS is refused with 403 before its route runs, unless the route is
 * declared here, with the reason support may write there. A new page or endpoint that accepts writes
 * is therefore closed to impersonation until someone decides otherwise and lists it.
 *
 * Keys are Astro route patterns (`context.routePattern`): the file path under `src/pages` without its
 * extension, `index` dropped, parameters in brackets. Routes listed here may still refuse single
 * actions with `requireSelf()` (as `/settings/account` does for email, password and deletion).
 */
export const SUPPORT_WRITABLE_ROUTES: Readonly<Record<string, string>> = {
  '/api/impersonate/stop': 'ends the impersonation itself',
  '/api/account/sign-out': 'the admin signs out of their own session, ending the impersonation first',
  '/settings/account': "support corrects the member's name; email, password and deletion call requireSelf()",
  '/portofolio/transaksi': "support corrects the member's transactions and portfolios (forms without JavaScript)",
  '/api/portfolio/transactions': "support records the member's transactions",
  '/api/portfolio/transactions/[id]': "support corrects or deletes the member's transactions",
  '/api/portfolio/portfolios': 'support creates a portfolio for the member',
  '/api/portfolio/portfolios/[id]': "support renames the member's portfolio or changes its settings",
  '/api/portfolio/import': "support imports the member's broker CSV",
  // Astro's own route: a server island posts its encrypted props when they are long; it only renders.
  '/_server-islands/[name]': 'renders a server island; never writes',
};

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for methods that never change state (the ones impersonation may always use). */
export function isReadMethod(method: string): boolean {
  return READ_METHODS.has(method.toUpperCase());
}

/** Whether an impersonating admin may send this request to this route. */
export function supportMayWrite(routePattern: string, method: string): boolean {
  return isReadMethod(method) || Object.hasOwn(SUPPORT_WRITABLE_ROUTES, routePattern);
}
