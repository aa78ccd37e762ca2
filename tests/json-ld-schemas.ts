/**
 * Strict schemas for the JSON-LD Telaah writes, following schema.org's types and the fields search
 * engines require for each (Google's structured-data rules): unknown keys are refused, so a typo in a
 * property name fails.
 */
import { z } from 'zod';

const context = z.literal('https://schema.org');
const url = z.url();
const text = z.string().trim().min(1);
const isoDay = z.iso.date();

const organizationRef = z.object({ '@type': z.literal('Organization'), name: text }).loose();

export const organizationSchema = z
  .object({ '@context': context, '@type': z.literal('Organization'), name: text, url, logo: url, description: text })
  .strict();

export const faqPageSchema = z
  .object({
    '@context': context,
    '@type': z.literal('FAQPage'),
    mainEntity: z
      .array(
        z
          .object({
            '@type': z.literal('Question'),
            name: text,
            acceptedAnswer: z.object({ '@type': z.literal('Answer'), text }).strict(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export const courseSchema = z
  .object({
    '@context': context,
    '@type': z.literal('Course'),
    name: text,
    description: text,
    url,
    inLanguage: z.literal('id'),
    isAccessibleForFree: z.boolean(),
    provider: organizationRef.extend({ sameAs: url }).strict(),
    hasCourseInstance: z
      .object({
        '@type': z.literal('CourseInstance'),
        courseMode: z.literal('online'),
        courseWorkload: z.string().regex(/^PT\d+M$/),
      })
      .strict(),
  })
  .strict();

export const articleSchema = z
  .object({
    '@context': context,
    '@type': z.literal('Article'),
    headline: text.max(110),
    description: text,
    author: z.object({ '@type': z.literal('Person'), name: text }).strict(),
    datePublished: isoDay,
    image: url,
    url,
    mainEntityOfPage: url,
    inLanguage: z.literal('id'),
    isAccessibleForFree: z.boolean(),
    publisher: organizationRef.extend({ logo: url }).strict(),
  })
  .strict();

export const breadcrumbSchema = z
  .object({
    '@context': context,
    '@type': z.literal('BreadcrumbList'),
    itemListElement: z
      .array(
        z.object({ '@type': z.literal('ListItem'), position: z.number().int().min(1), name: text, item: url }).strict(),
      )
      .min(1),
  })
  .strict()
  .refine((b) => b.itemListElement.every((e, i) => e.position === i + 1), 'positions must be 1, 2, 3…');
