/** Sharing card of each non-emiten analysis, made at build time from its frontmatter. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { nonEmitenAnalyses, type NonEmitenAnalysis } from '../../../../server/content/analyses';
import { renderCard } from '../../../../server/sharing/card';
import { nonEmitenAnalysisCard } from '../../../../server/sharing/analysis-cards';

export const prerender = true;

export const getStaticPaths = (async () =>
  (await nonEmitenAnalyses()).map((entry) => ({
    params: { analisisNonEmitenId: entry.id },
    props: { data: entry.data },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ data: NonEmitenAnalysis['data'] }> = async ({ props }) =>
  new Response(new Uint8Array(await renderCard(nonEmitenAnalysisCard(props.data))), {
    headers: { 'content-type': 'image/png' },
  });
