/**
 * The content parts of the sitemap: public pages (guide, courses, lists) and every analysis, from the
 * same collections the pages render. Member routes never appear here.
 */
import { getCollection } from 'astro:content';
import { emitenAnalyses, emitenAnalysisHref, nonEmitenAnalyses, nonEmitenAnalysisHref } from '../../content/analyses';
import type { SitemapEntry } from './xml';
import { utcDay } from '../../../domain/dates';

/** Paths of the public pages with their content date, if any. */
export async function pageEntries(url: (path: string) => string): Promise<SitemapEntry[]> {
  const guide = await getCollection('guide');
  const courses = await getCollection('courses');
  const analyses = [...(await emitenAnalyses()), ...(await nonEmitenAnalyses())];
  const newest = analyses.reduce<Date | undefined>((m, a) => (!m || a.data.date > m ? a.data.date : m), undefined);
  return [
    { loc: url('/'), lastmod: newest && utcDay(newest) },
    { loc: url('/analisis'), lastmod: newest && utcDay(newest) },
    { loc: url('/courses') },
    ...courses.map((c) => ({ loc: url(`/courses/${c.id}`) })),
    ...guide.map((g) => ({ loc: url(`/starting-guide/${g.id}`), lastmod: utcDay(g.data.updated) })),
    { loc: url('/pick-membership') },
  ];
}

export async function analysisEntries(url: (path: string) => string): Promise<SitemapEntry[]> {
  return [
    ...(await emitenAnalyses()).map((a) => ({ loc: url(emitenAnalysisHref(a)), lastmod: utcDay(a.data.date) })),
    ...(await nonEmitenAnalyses()).map((a) => ({ loc: url(nonEmitenAnalysisHref(a)), lastmod: utcDay(a.data.date) })),
  ];
}
