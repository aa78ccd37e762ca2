import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/auth/guards';
import { IMPERSONATION_COOKIE } from '../../../server/auth/viewer-resolve';
import { getDb } from '../../../server/db/client';
import { now } from '../../../server/config';
import { IMPERSONATION_MINUTES, startImpersonation } from '../../../server/services/impersonation';

export const prerender = false;

export const POST: APIRoute = async (ctx) => {
  const admin = requireAdmin(ctx);
  const form = await ctx.request.formData();
  const result = await startImpersonation(await getDb(), admin.id, String(form.get('memberId') ?? ''), now());
  if (!result.ok) return ctx.redirect(`/impersonate?error=${encodeURIComponent(result.message)}`, 303);
  ctx.cookies.set(IMPERSONATION_COOKIE, result.impersonation.id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.url.protocol === 'https:',
    maxAge: IMPERSONATION_MINUTES * 60,
  });
  return ctx.redirect('/portofolio/all', 303);
};
