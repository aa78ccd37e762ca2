import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/auth/guards';
import { IMPERSONATION_COOKIE } from '../../../server/auth/resolve-identity';
import { identityCookieOptions } from '../../../server/auth/secret';
import { getDb } from '../../../server/db/client';
import { jsonError } from '../../../server/http/responses';
import { readForm, redirectWithFlash, UNREADABLE_FORM } from '../../../server/http/forms';
import { now } from '../../../server/clock';
import { IMPERSONATION_MINUTES, startImpersonation } from '../../../server/services/admin';

export const prerender = false;

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a refusal is shown: the member's page in the console, or the search page (keeping its query). */
function backTo(back: string, memberId: string): string {
  if (back === 'member') return `/admin/anggota/${memberId}`;
  const q = back.startsWith('?q=') ? new URLSearchParams(back.slice(1)).get('q')?.slice(0, 100) : '';
  return q ? `/impersonate?q=${encodeURIComponent(q)}` : '/impersonate';
}

export const POST: APIRoute = async (ctx) => {
  const admin = requireAdmin(ctx);
  const form = await readForm(ctx.request);
  if (!form) return jsonError(400, UNREADABLE_FORM);
  const memberId = form.text('memberId');
  // The page's form only sends ids it listed; anything else is a malformed request, not a lookup.
  if (!MEMBER_ID.test(memberId)) {
    const message = 'Pilih anggota dari daftar: memberId tidak valid.';
    return jsonError(400, message, { fields: { memberId: message } });
  }
  const result = await startImpersonation(await getDb(), admin.id, memberId, now());
  // A refusal goes back to the page the form came from (the member's console page, or the search with its
  // query) as a flash (decision 0017), never as text in the URL.
  if (!result.ok)
    return redirectWithFlash(ctx, backTo(form.text('back'), memberId), { tone: 'error', message: result.message });
  // Secure by the same rule as the session cookie: behind a TLS proxy the request URL says http.
  ctx.cookies.set(IMPERSONATION_COOKIE, result.impersonation.id, identityCookieOptions(IMPERSONATION_MINUTES * 60));
  return ctx.redirect('/portofolio/all', 303);
};
