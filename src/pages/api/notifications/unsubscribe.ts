import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { getDb } from '../../../server/db/client';
import { users } from '../../../server/db/schema';
import { now } from '../../../server/config';
import { setPref } from '../../../server/services/notifications/prefs';
import { verifyUnsubscribe } from '../../../server/services/notifications/unsubscribe';
import {
  invalidLinkPage,
  resubscribedPage,
  unsubscribedPage,
} from '../../../server/services/notifications/unsubscribe-page';

export const prerender = false;

const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });

/** Resolves a signed link to its member and event, or null when the link is bad or the account is gone. */
async function target(params: URLSearchParams) {
  const link = verifyUnsubscribe(params);
  if (!link) return null;
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.userId));
  return user ? { db, ...link } : null;
}

/** The link in every notice email: one click turns that event's email off, no sign-in needed. */
export const GET: APIRoute = async ({ url }) => {
  const t = await target(url.searchParams);
  if (!t) return html(invalidLinkPage(), 400);
  await setPref(t.db, t.userId, t.event, 'email', false, now());
  return html(unsubscribedPage(t.event, url.searchParams));
};

/** The "undo" button on that page. */
export const POST: APIRoute = async ({ request }) => {
  const form = await request.formData().catch(() => null);
  const params = new URLSearchParams();
  for (const k of ['u', 'e', 't']) params.set(k, String(form?.get(k) ?? ''));
  const t = await target(params);
  if (!t) return html(invalidLinkPage(), 400);
  await setPref(t.db, t.userId, t.event, 'email', true, now());
  return html(resubscribedPage(t.event));
};
