/**
 * Writes to the JSON and CSV endpoints need an `Origin` header naming this site (docs/portfolio-csv-api.md, "JSON API"). Astro's
 * own check (`security.checkOrigin`) covers form-like bodies only and lets a JSON or CSV write without
 * an `Origin` through; browsers send `Origin` on every POST, PATCH and DELETE, so only a forged or
 * scripted request lacks it. Which endpoints are checked is the route policy's (`originChecked` in
 * `src/server/http/routes.ts`): every endpoint under `/api/` but those called by other services (payment
 * webhooks, the Telegram webhook, Auth.js with its own CSRF token, one-click unsubscribe from mail clients).
 */
import { routeOf } from './routes';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const API_ORIGIN_REFUSAL = 'Permintaan ditolak: header Origin wajib ada dan sama dengan alamat situs ini.';

/** Whether a request to an /api/ endpoint is a write without this site's Origin. */
export function apiWriteWithoutOrigin(method: string, url: URL, origin: string | null): boolean {
  if (READS.has(method) || !routeOf(url.pathname).originChecked) return false;
  return origin !== url.origin;
}
