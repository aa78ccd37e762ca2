/**
 * Content collections and their strict schemas (SPEC §4). A frontmatter mistake fails `astro build`
 * and `astro check` naming the file and the field. Files whose name starts with `_` are ignored.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { KNOWN_TICKERS } from './domain/universe';
import { TIERS } from './domain/tiers';
import { teaserLoader } from './server/content/teaser-loader';

const tier = z.enum(TIERS);
const isoDate = z.coerce.date();
const text = z.string().trim().min(1);

/** Keeps the path (with its upper-case ticker folder) as the id: `BBCA/kinerja-kuartal-iii-2026`. */
const pathId = ({ entry }: { entry: string }) => entry.replace(/\.mdx?$/, '');

// The files each analysis collection takes; the teaser collections take exactly the same ones.
const EMITEN_FILE = /^[^/]+\/[^_/][^/]*\.mdx$/;
const NON_EMITEN_FILE = /^[^_/][^/]*\.mdx$/;

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
      // SPEC §1/§3: every non-emiten analysis is premium content (teaser public).
      tier: z.literal('premium', { error: 'non-emiten analyses are premium content: tier must be "premium"' }),
      summary: text.max(400),
    })
    .strict(),
});

/**
 * The public part of each analysis (its first section), rendered at build time; see teaser-loader.ts.
 * Entries share the ids of `analisis` / `analisisNonEmiten`.
 */
const sections = z.object({
  sections: z.number().int().min(2, 'the body needs at least two "##" sections: the first one is the public teaser'),
});
const analisisTeaser = defineCollection({
  loader: teaserLoader({ base: './content/analisis', include: (f) => EMITEN_FILE.test(f), id: (f) => f.replace(/\.mdx$/, '') }),
  schema: sections,
});
const analisisNonEmitenTeaser = defineCollection({
  loader: teaserLoader({ base: './content/analisis-non-emiten', include: (f) => NON_EMITEN_FILE.test(f), id: (f) => f.replace(/\.mdx$/, '') }),
  schema: sections,
});

const courses = defineCollection({
  loader: glob({ base: './content/courses', pattern: '*/index.mdx', generateId: ({ entry }) => entry.split('/')[0]! }),
  schema: z
    .object({
      title: text,
      level: z.enum(['pemula', 'menengah', 'mahir']),
      tier,
      description: text.max(400),
      cover: text,
      /** Estimated total duration in minutes. */
      duration: z.number().int().positive(),
    })
    .strict(),
});

const lessons = defineCollection({
  // Lesson files are `NN-slug.mdx`; the number orders them.
  loader: glob({ base: './content/courses', pattern: '*/[0-9][0-9]-*.mdx', generateId: pathId }),
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

export const collections = { analisis, analisisNonEmiten, analisisTeaser, analisisNonEmitenTeaser, courses, lessons, guide };
