/** Sharing card of each emiten analysis, made at build time from its frontmatter (analysis-cards.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { analysisSlug, emitenAnalyses, type EmitenAnalysis } from '../../../../server/content/analyses';
import { renderCard } from '../../../../server/sharing/card';
import { emitenAnalysisCard } from '../../../../server/sharing/analysis-cards';

export const prerender = true;

export const getStaticPaths = (async () =>
  (await emitenAnalyses()).map((entry) => ({
    params: { emitenId: entry.data.emiten, analisisId: analysisSlug(entry) },
    props: { data: entry.data },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ data: EmitenAnalysis['data'] }> = async ({ props }) =>
  new Response(new Uint8Array(await renderCard(emitenAnalysisCard(props.data))), {
    headers: { 'content-type': 'image/png' },
  });
