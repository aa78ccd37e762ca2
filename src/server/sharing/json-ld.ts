/**
 * schema.org structured data (JSON-LD) for public pages, typed with `schema-dts`. Analyses carry only
 * their teaser fields (title, summary, author, date); nothing gated goes into structured data.
 */
import type { Article, BreadcrumbList, Course, FAQPage, Organization, WithContext } from 'schema-dts';
import { utcDay } from '../../domain/dates';

/** Serialises for a `<script type="application/ld+json">`: `<` escaped so no text can close the tag. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function organizationLd(origin: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Telaah',
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    description: 'Riset saham BEI, kursus investasi, dan pelacak portofolio untuk investor ritel Indonesia.',
  };
}

/** Crumbs as [name, absolute URL] pairs, outermost first. */
export function breadcrumbLd(crumbs: [string, string][]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
  };
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Markdown inline syntax dropped: links keep their text, emphasis markers go. */
function plain(md: string): string {
  return md
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The questions of the FAQ's MDX source: each `<details>` with its `<summary>` and answer. */
export function faqItems(mdx: string): FaqItem[] {
  const items: FaqItem[] = [];
  for (const m of mdx.matchAll(/<summary>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/g)) {
    items.push({ question: plain(m[1]!), answer: plain(m[2]!) });
  }
  return items;
}

export function faqPageLd(items: FaqItem[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.question,
      acceptedAnswer: { '@type': 'Answer', text: i.answer },
    })),
  };
}

export interface CourseLdInput {
  name: string;
  description: string;
  url: string;
  origin: string;
  /** Free courses are accessible for free; paid tiers need a membership. */
  free: boolean;
  minutes: number;
}

export function courseLd(c: CourseLdInput): WithContext<Course> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: c.name,
    description: c.description,
    url: c.url,
    inLanguage: 'id',
    isAccessibleForFree: c.free,
    provider: { '@type': 'Organization', name: 'Telaah', sameAs: `${c.origin}/` },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      courseWorkload: `PT${c.minutes}M`,
    },
  };
}

export interface ArticleLdInput {
  headline: string;
  /** The public summary: the only text an Article carries. */
  description: string;
  author: string;
  date: Date;
  url: string;
  image: string;
  origin: string;
  free: boolean;
}

export function articleLd(a: ArticleLdInput): WithContext<Article> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.headline.slice(0, 110),
    description: a.description,
    author: { '@type': 'Person', name: a.author },
    datePublished: utcDay(a.date),
    image: a.image,
    url: a.url,
    mainEntityOfPage: a.url,
    inLanguage: 'id',
    isAccessibleForFree: a.free,
    publisher: { '@type': 'Organization', name: 'Telaah', logo: `${a.origin}/icons/icon-512.png` },
  };
}
