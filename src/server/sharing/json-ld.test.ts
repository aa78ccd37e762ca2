import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  articleSchema,
  breadcrumbSchema,
  courseSchema,
  faqPageSchema,
  organizationSchema,
} from '../../../tests/json-ld-schemas';
import { articleLd, breadcrumbLd, courseLd, faqItems, faqPageLd, jsonLdScript, organizationLd } from './json-ld';

const ORIGIN = 'https://telaah.test';

describe('JSON-LD', () => {
  it('reads every question of the FAQ source as plain text', () => {
    const mdx = readFileSync('content/starting-guide/faq.mdx', 'utf8');
    const items = faqItems(mdx);
    expect(items.length).toBe((mdx.match(/<details/g) ?? []).length);
    expect(items[0]).toEqual({
      question: 'Bagaimana cara mendaftar di Telaah?',
      answer: expect.stringMatching(/^Buka halaman daftar, isi nama/),
    });
    for (const i of items) expect(i.answer).not.toMatch(/\]\(|\*\*/);
    expect(faqPageSchema.safeParse(faqPageLd(items)).success).toBe(true);
  });

  it('builds Organization, Course, Article and BreadcrumbList that the strict schemas accept', () => {
    expect(organizationSchema.parse(organizationLd(ORIGIN)).url).toBe('https://telaah.test/');
    courseSchema.parse(
      courseLd({
        name: 'Valuasi',
        description: 'PER dan PBV.',
        url: `${ORIGIN}/courses/v`,
        origin: ORIGIN,
        free: false,
        minutes: 90,
      }),
    );
    const article = articleLd({
      headline: 'BBCA: kredit tumbuh',
      description: 'Ringkasan publik.',
      author: 'Tim Riset',
      date: new Date('2026-11-02T00:00:00Z'),
      url: `${ORIGIN}/analisis/BBCA/x`,
      image: `${ORIGIN}/og/analisis/BBCA/x.png`,
      origin: ORIGIN,
      free: true,
    });
    expect(articleSchema.parse(article).datePublished).toBe('2026-11-02');
    breadcrumbSchema.parse(
      breadcrumbLd([
        ['Analisis', `${ORIGIN}/analisis`],
        ['BBCA', `${ORIGIN}/analisis/BBCA`],
      ]),
    );
  });

  it('refuses what the schemas do not allow', () => {
    expect(
      courseSchema.safeParse({
        ...courseLd({ name: 'a', description: 'b', url: `${ORIGIN}/c`, origin: ORIGIN, free: true, minutes: 1 }),
        nmae: 'x',
      }).success,
    ).toBe(false);
    expect(breadcrumbSchema.safeParse({ ...breadcrumbLd([['a', `${ORIGIN}/`]]), itemListElement: [] }).success).toBe(
      false,
    );
  });

  it('escapes < so text cannot close the script element', () => {
    expect(jsonLdScript({ name: '</script><b>' })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});
