/**
 * Content collections and their strict schemas (docs/product.md §4). A frontmatter mistake fails `astro build`
 * and `astro check` naming the file and the field. Files whose name starts with `_` are ignored.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { TIERS } from './domain/tiers';
import { analysisSchema, nonEmitenAnalysisSchema, teaserSchema } from './server/content/analysis-schemas';
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
  schema: analysisSchema,
});

const analisisNonEmiten = defineCollection({
  loader: glob({ base: './content/analisis-non-emiten', pattern: '[!_]*.mdx', generateId: pathId }),
  schema: nonEmitenAnalysisSchema,
});

/**
 * The public part of each analysis (its first section), rendered at build time; see teaser-loader.ts.
 * Entries share the ids of `analisis` / `analisisNonEmiten`.
 */
const analisisTeaser = defineCollection({
  loader: teaserLoader({
    base: './content/analisis',
    include: (f) => EMITEN_FILE.test(f),
    id: (f) => f.replace(/\.mdx$/, ''),
  }),
  schema: teaserSchema,
});
const analisisNonEmitenTeaser = defineCollection({
  loader: teaserLoader({
    base: './content/analisis-non-emiten',
    include: (f) => NON_EMITEN_FILE.test(f),
    id: (f) => f.replace(/\.mdx$/, ''),
  }),
  schema: teaserSchema,
});

const courses = defineCollection({
  loader: glob({
    base: './content/courses',
    pattern: '[!_]*/index.mdx',
    generateId: ({ entry }) => entry.split('/')[0]!,
  }),
  schema: z
    .object({
      title: text,
      level: z.enum(['pemula', 'menengah', 'mahir']),
      tier,
      description: text.max(400),
      /** An image in `public/covers/`, shown 16:9 on the catalogue and the course page. */
      cover: text
        .regex(/^\/covers\/[a-z0-9-]+\.(svg|png|jpg|webp)$/, 'must be /covers/<name>.svg (or .png, .jpg, .webp)')
        .refine((p) => existsSync(path.join(process.cwd(), 'public', p)), {
          message: 'no such file in public/covers/',
        }),
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

export const collections = {
  analisis,
  analisisNonEmiten,
  analisisTeaser,
  analisisNonEmitenTeaser,
  courses,
  lessons,
  guide,
};
