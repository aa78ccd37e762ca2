import type { APIRoute } from 'astro';
import { requireMember } from '../../../server/auth/guards';
import { getDb } from '../../../server/db/client';
import { exportData } from '../../../server/services/accounts';
import { utcDay } from '../../../domain/dates';

export const prerender = false;

/** "Unduh data saya": everything Telaah holds on the member, as a JSON download. */
export const GET: APIRoute = async (ctx) => {
  const viewer = requireMember(ctx);
  const data = await exportData(await getDb(), viewer.id);
  if (!data) return new Response(JSON.stringify({ error: 'Akun tidak ditemukan.' }), { status: 404 });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="telaah-data-${utcDay(new Date())}.json"`,
      'cache-control': 'no-store',
    },
  });
};
