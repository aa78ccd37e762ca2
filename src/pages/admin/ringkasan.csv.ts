import type { APIRoute } from 'astro';
import { requireAdmin } from '../../server/auth/guards';
import { getDb } from '../../server/db/client';
import { now } from '../../server/clock';
import { audit } from '../../server/services/audit';
import { adminOverview } from '../../server/services/admin';
import { overviewCsv } from '../../server/services/admin';
import { wibMonth } from '../../domain/admin-overview';

export const prerender = false;

/** The overview as CSV; the export is audited (it carries members' emails). */
export const GET: APIRoute = async (ctx) => {
  const admin = requireAdmin(ctx);
  const db = await getDb();
  const at = now();
  const csv = overviewCsv(await adminOverview(db, at), wibMonth(at).key);
  await audit(db, { at, actorId: admin.id, subjectId: null, action: 'admin.overview-export' });
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="telaah-ringkasan-${wibMonth(at).key}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
};
