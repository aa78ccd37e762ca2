/** App icons, made at build time (src/server/pwa/icons.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { ICONS, renderIcon, type IconName } from '../../server/pwa/icons';

export const prerender = true;

export const getStaticPaths = (() => Object.keys(ICONS).map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(new Uint8Array(renderIcon(params.name as IconName)), { headers: { 'content-type': 'image/png' } });
