import type { APIRoute } from 'astro';
import { requireSelf } from '../../../server/auth/guards';
import { now } from '../../../server/clock';
import { getDb } from '../../../server/db/client';
import { json, jsonError, readJson } from '../../../server/http/responses';
import { catalogueProgress, markLessonFor, markLessonSchema } from '../../../server/services/courses';

export const prerender = false;

/** The signed-in member's progress per course (`signedIn: false` and none for visitors). */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.viewer) return json({ signedIn: false, courses: {} });
  return json({ signedIn: true, courses: await catalogueProgress(await getDb(), locals.viewer.id) });
};

/** `{ courseId, lesson, done }`: marks a lesson done or not done; answers the course's done lessons. */
export const POST: APIRoute = async (ctx) => {
  if (!ctx.locals.viewer) return jsonError(401, 'Masuk terlebih dahulu untuk menyimpan kemajuan belajar.');
  const member = requireSelf(ctx);
  if (!ctx.request.headers.get('content-type')?.startsWith('application/json')) {
    return jsonError(415, 'Kirim data sebagai JSON (Content-Type: application/json).');
  }
  const parsed = markLessonSchema.safeParse(await readJson(ctx.request));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
    return jsonError(400, `Permintaan tidak valid: kolom ${field} kosong atau salah.`, {
      fields: { [field]: 'Tidak valid.' },
    });
  }
  const result = await markLessonFor(await getDb(), member, parsed.data, now());
  if (!result.ok) return jsonError(result.status, result.message);
  return json({ done: result.done, lastOpened: result.lastOpened });
};
