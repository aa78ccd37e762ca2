/**
 * What the notice jobs need to know about the content: analyses (id, emiten, title, date, tier,
 * summary) and courses with their lessons, read from the MDX frontmatter in CONTENT_DIR. The jobs run
 * outside Astro (in `npm run jobs` as well as in the server), so they cannot use `astro:content`; the
 * file layout mirrors `src/content.config.ts`, whose strict schemas already fail the build on bad
 * frontmatter. A file this loader cannot read fails the job, naming the file.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { TIERS, type Tier } from '../../../domain/tiers';
import { utcDay } from '../../../domain/dates';
import type { Rating } from '../../../domain/analyses';

export interface CatalogAnalysis {
  /** `BBCA/kinerja-kuartal-iii-2026` or `non-emiten/emas-vs-saham`. */
  id: string;
  ticker: string | null;
  title: string;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
  tier: Tier;
  summary: string;
  /** Path of the analysis page. */
  path: string;
  /** The call of an emiten analysis (absent for non-emiten ones). */
  rating?: Rating;
  targetPrice?: number;
  fairValue?: number;
}

export interface CatalogLesson {
  /** `valuasi-saham/02-per-price-to-earnings-ratio`. */
  id: string;
  title: string;
}

export interface CatalogCourse {
  id: string;
  title: string;
  tier: Tier;
  lessons: CatalogLesson[];
}

export interface Catalog {
  analyses: CatalogAnalysis[];
  courses: CatalogCourse[];
}

const isoDate = z.union([z.string(), z.date()]).transform((v, ctx) => {
  const s = v instanceof Date ? utcDay(v) : v.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) ctx.addIssue({ code: 'custom', message: 'expected a YYYY-MM-DD date' });
  return s;
});
const analysisFields = z.object({
  title: z.string().min(1),
  date: isoDate,
  tier: z.enum(TIERS),
  summary: z.string().min(1),
  rating: z.enum(['beli', 'tahan', 'jual']).optional(),
  targetPrice: z.number().int().positive().optional(),
  fairValue: z.number().int().positive().optional(),
});
const courseFields = z.object({ title: z.string().min(1), tier: z.enum(TIERS) });
const lessonFields = z.object({ title: z.string().min(1) });

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

async function frontmatter<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const source = await readFile(file, 'utf8');
  const block = FRONTMATTER.exec(source)?.[1];
  const result = schema.safeParse(block === undefined ? undefined : parse(block));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${file}: frontmatter ${issue.path.join('.') || '(block)'}: ${issue.message}`);
  }
  return result.data;
}

/** Entries of a folder, sorted; none when it does not exist. */
async function list(dir: string): Promise<{ name: string; dir: boolean }[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.map((e) => ({ name: e.name, dir: e.isDirectory() })).sort((a, b) => a.name.localeCompare(b.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

const isContentFile = (name: string) => name.endsWith('.mdx') && !name.startsWith('_');

async function analyses(root: string): Promise<CatalogAnalysis[]> {
  const out: CatalogAnalysis[] = [];
  const base = path.join(root, 'analisis');
  for (const folder of (await list(base)).filter((e) => e.dir)) {
    for (const f of (await list(path.join(base, folder.name))).filter((e) => !e.dir && isContentFile(e.name))) {
      const slug = f.name.replace(/\.mdx$/, '');
      const data = await frontmatter(path.join(base, folder.name, f.name), analysisFields);
      out.push({
        id: `${folder.name}/${slug}`,
        ticker: folder.name,
        path: `/analisis/${folder.name}/${slug}`,
        ...data,
      });
    }
  }
  const nonEmiten = path.join(root, 'analisis-non-emiten');
  for (const f of (await list(nonEmiten)).filter((e) => !e.dir && isContentFile(e.name))) {
    const slug = f.name.replace(/\.mdx$/, '');
    const data = await frontmatter(path.join(nonEmiten, f.name), analysisFields);
    out.push({ id: `non-emiten/${slug}`, ticker: null, path: `/analisis/non-emiten/${slug}`, ...data });
  }
  return out;
}

async function courses(root: string): Promise<CatalogCourse[]> {
  const out: CatalogCourse[] = [];
  const base = path.join(root, 'courses');
  for (const folder of (await list(base)).filter((e) => e.dir)) {
    const files = await list(path.join(base, folder.name));
    if (!files.some((f) => f.name === 'index.mdx')) continue;
    const course = await frontmatter(path.join(base, folder.name, 'index.mdx'), courseFields);
    const lessons: CatalogLesson[] = [];
    for (const f of files.filter((e) => !e.dir && /^\d{2}-.*\.mdx$/.test(e.name))) {
      const { title } = await frontmatter(path.join(base, folder.name, f.name), lessonFields);
      lessons.push({ id: `${folder.name}/${f.name.replace(/\.mdx$/, '')}`, title });
    }
    out.push({ id: folder.name, title: course.title, tier: course.tier, lessons });
  }
  return out;
}

/** Reads the catalog from a content folder (CONTENT_DIR, `./content` by default). */
export async function loadCatalog(contentDir: string): Promise<Catalog> {
  const root = path.resolve(contentDir);
  const [a, c] = await Promise.all([analyses(root), courses(root)]);
  return { analyses: a, courses: c };
}
