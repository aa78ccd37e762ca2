/**
 * The routes only an admin with two factors may open: the console, its APIs, and impersonation (`admin`
 * in the route policy, `src/server/http/routes.ts`). For anyone else, and for an admin while impersonating,
 * they answer 404 to every method, as if they did not exist (decision 0026); the access matrix test reads
 * them from src/pages.
 */
import { ruleOf } from '../http/routes';

/** Whether a route pattern (`/admin/anggota/[id]`) belongs to the admin console. */
export function isAdminRoute(pattern: string): boolean {
  return ruleOf(pattern)?.admin ?? false;
}
