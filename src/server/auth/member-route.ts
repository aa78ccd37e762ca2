/**
 * Member-only JSON endpoints: the handler runs with the signed-in viewer (or the member an admin is
 * acting as); a visitor without a session gets 401 JSON instead of the sign-in redirect pages get.
 */
import type { APIContext, APIRoute } from 'astro';
import { AccessError, requireMember } from './guards';
import type { Viewer } from './viewer-type';
import { jsonError } from '../http/responses';

export function memberRoute(handler: (ctx: APIContext, viewer: Viewer) => Promise<Response>): APIRoute {
  return async (ctx) => {
    let viewer: Viewer;
    try {
      viewer = requireMember(ctx);
    } catch (err) {
      if (err instanceof AccessError && err.kind === 'sign-in') return jsonError(401, 'Silakan masuk terlebih dahulu.');
      throw err;
    }
    return handler(ctx, viewer);
  };
}
