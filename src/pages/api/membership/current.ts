import type { APIRoute } from 'astro';
import { json } from '../../../server/http/responses';

export const prerender = false;

/** The viewer's tier for the plan picker on the (pre-rendered) /pick-membership page; visitors get null. */
export const GET: APIRoute = ({ locals }) => {
  const v = locals.viewer;
  return json(
    v ? { signedIn: true, tier: v.tier, endsAt: v.tierEndsAt } : { signedIn: false, tier: null, endsAt: null },
  );
};
