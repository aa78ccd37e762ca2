/**
 * Impersonation is deny-by-default for writes. While an admin acts as a member, a request with any
 * method but GET, HEAD or OPTIONS is refused with 403 before its route runs, unless the route policy
 * (`src/server/http/routes.ts`, `supportWrite`) gives the reason support may write there. A new page or
 * endpoint that accepts writes is therefore closed to impersonation until someone decides otherwise.
 *
 * Keys are Astro route patterns (`context.routePattern`): the file path under `src/pages` without its
 * extension, `index` dropped, parameters in brackets. Routes open to support may still refuse single
 * actions with `requireSelf()` (as `/settings/account` does for email, password and deletion).
 */
import { ROUTES, ruleOf } from '../http/routes';

/** The routes support may write to, each with its reason (from the route policy). */
export const SUPPORT_WRITABLE_ROUTES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ROUTES).flatMap(([pattern, rule]) => (rule.supportWrite ? [[pattern, rule.supportWrite]] : [])),
);

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for methods that never change state (the ones impersonation may always use). */
export function isReadMethod(method: string): boolean {
  return READ_METHODS.has(method.toUpperCase());
}

/** Whether an impersonating admin may send this request to this route. */
export function supportMayWrite(routePattern: string, method: string): boolean {
  return isReadMethod(method) || Boolean(ruleOf(routePattern)?.supportWrite);
}
