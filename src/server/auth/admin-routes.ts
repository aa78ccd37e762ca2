/**
 * The routes only an admin with two factors may open: the console, its APIs, and impersonation. For anyone
 * else, and for an admin while impersonating, they answer 404 to every method, as if they did not exist
 * (decision 0026); the access matrix test reads them from src/pages.
 */
const ADMIN_ROUTE = /^\/(?:admin|impersonate|api\/admin|api\/impersonate\/start)(?:\/|$)/;

/** Whether a route pattern (`/admin/anggota/[id]`) belongs to the admin console. */
export function isAdminRoute(pattern: string): boolean {
  return ADMIN_ROUTE.test(pattern);
}
