import { memberRoute } from '../../../server/auth/member-route';
import { getDb } from '../../../server/db/client';
import { json } from '../../../server/http/responses';
import { unreadNoticeCount } from '../../../server/services/alerts';

export const prerender = false;

/** The signed-in member's unread notices, for the count in the header (docs/product.md §10). */
export const GET = memberRoute(async (_ctx, viewer) =>
  json({ unread: await unreadNoticeCount(await getDb(), viewer.id) }),
);
