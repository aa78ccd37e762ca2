/**
 * Content collections and their strict schemas (SPEC §4). A frontmatter mistake fails `astro build`
 * and `astro check` naming the file and the field. Files whose name starts with `_` are ignored.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { KNOWN_TICKERS } from './domain/universe';
import { TIERS } from './domain/tiers';

const tier = z.enum(TIERS);
const isoDate = z.coerce.date();
const text = z.string().trim().min(1);

/** Keeps the path (with its upper-case ticker folder) as the id: `BBCA/kinerja-kuartal-iii-2026`. */
const pathId = ({ entry }: { entry: string }) => entry.replace(/\.mdx?$/, '');

const analisis = defineCollection({
  loader: glob({ base: './content/analisis', pattern: '*/[!_]*.mdx', generateId: pathId }),
  schema: z
    .object({
      title: text,
      date: isoDate,
      author: text,
      emiten: z
        .string()
        .regex(/^[A-Z]{4}$/, 'ticker must be 4 capital letters')
        .refine((t) => KNOWN_TICKERS.has(t), { message: 'unknown ticker (not in src/domain/universe.ts)' }),
      rating: z.enum(['beli', 'tahan', 'jual']),
      targetPrice: z.number().int().positive().optional(),
      fairValue: z.number().int().positive().optional(),
      horizon: z.number().int().min(1).max(60),
      tier,
      summary: text.max(400),
      /** Analyst's DCF assumptions, the defaults of the reader's calculator. */
      dcf: z
        .object({
          fcfPerShare: z.number().positive(),
          growth: z.number().min(-0.5).max(1),
          years: z.number().int().min(1).max(15),
          discountRate: z.number().min(0.01).max(0.5),
          terminalGrowth: z.number().min(-0.05).max(0.1),
        })
        .strict()
        .optional(),
    })
    .strict()
    .superRefine((a, ctx) => {
      if (a.rating === 'beli' && a.targetPrice === undefined) {
        ctx.addIssue({ code: 'custom', path: ['targetPrice'], message: 'a "beli" call needs a targetPrice' });
      }
      if (a.dcf && a.dcf.discountRate <= a.dcf.terminalGrowth) {
        ctx.addIssue({ code: 'custom', path: ['dcf', 'discountRate'], message: 'must exceed terminalGrowth' });
      }
    }),
});

export const NON_EMITEN_CATEGORIES = ['makro', 'sektor', 'ipo', 'obligasi', 'emas', 'reksa-dana', 'lainnya'] as const;

const analisisNonEmiten = defineCollection({
  loader: glob({ base: './content/analisis-non-emiten', pattern: '[!_]*.mdx', generateId: pathId }),
  schema: z
    .object({
      title: text,
      date: isoDate,
      author: text,
      category: z.enum(NON_EMITEN_CATEGORIES),
      tier,
      summary: text.max(400),
    })
    .strict(),
});

const courses = defineCollection({
  loader: glob({ base: './content/courses', pattern: '[!_]*/index.mdx', generateId: ({ entry }) => entry.split('/')[0]! }),
  schema: z
    .object({
      title: text,
      level: z.enum(['pemula', 'menengah', 'mahir']),
      tier,
      description: text.max(400),
      /** An image in `public/covers/`, shown 16:9 on the catalogue and the course page. */
      cover: text
        .regex(/^\/covers\/[a-z0-9-]+\.(svg|png|jpg|webp)$/, 'must be /covers/<name>.svg (or .png, .jpg, .webp)')
        .refine((p) => existsSync(path.join(process.cwd(), 'public', p)), { message: 'no such file in public/covers/' }),
      /** Estimated total duration in minutes. */
      duration: z.number().int().positive(),
    })
    .strict(),
});

const lessons = defineCollection({
  // Lesson files are `NN-slug.mdx`; the number orders them.
  loader: glob({ base: './content/courses', pattern: '[!_]*/[0-9][0-9]-*.mdx', generateId: pathId }),
  schema: z
    .object({
      title: text,
      /** Minutes. */
      duration: z.number().int().positive(),
      freePreview: z.boolean().default(false),
    })
    .strict(),
});

const guide = defineCollection({
  loader: glob({ base: './content/starting-guide', pattern: '[!_]*.mdx', generateId: pathId }),
  schema: z.object({ title: text, description: text.max(300), updated: isoDate }).strict(),
});

export const collections = { analisis, analisisNonEmiten, courses, lessons, guide };
