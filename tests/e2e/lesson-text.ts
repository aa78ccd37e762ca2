/**
 * Phrases from the lesson files themselves, to look for in built files and in responses: runs of
 * plain words that render unchanged in HTML (no markup, digits or punctuation that could be escaped).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface LessonText {
  courseId: string;
  /** The lesson's address inside the course (file name without its number). */
  slug: string;
  title: string;
  courseTier: string;
  freePreview: boolean;
  /** Two phrases: from the first and from the last paragraph of the lesson. */
  phrases: [string, string];
}

const COURSES = path.resolve('content/courses');
const WORDS = /(?:\p{L}+ ){6,}\p{L}+/u;

function frontmatter(text: string, key: string): string | undefined {
  return text.match(new RegExp(`^${key}:\\s*(.+)$`, 'm'))?.[1]?.trim();
}

function plainParagraphs(body: string): string[] {
  return (
    body
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s*([|#>*<`-]|\d+\.|import |export )/.test(line))
      // Markup becomes a break, so that no phrase spans an element boundary in the HTML.
      .map((line) => line.replace(/\*\*|\*|_|`[^`]*`|\[|\]\([^)]*\)/g, '|'))
  );
}

/** Every lesson of every course in `content/courses`. */
export function lessonTexts(): LessonText[] {
  const out: LessonText[] = [];
  for (const courseId of readdirSync(COURSES)) {
    const courseTier = frontmatter(readFileSync(path.join(COURSES, courseId, 'index.mdx'), 'utf8'), 'tier')!;
    for (const file of readdirSync(path.join(COURSES, courseId)).filter((f) => /^\d\d-.*\.mdx$/.test(f))) {
      const text = readFileSync(path.join(COURSES, courseId, file), 'utf8');
      const body = text.slice(text.indexOf('---', 3) + 3);
      const phrases = plainParagraphs(body)
        .map((p) => p.match(WORDS)?.[0])
        .filter((p): p is string => Boolean(p));
      if (phrases.length < 2) throw new Error(`${courseId}/${file}: no plain phrase to look for`);
      out.push({
        courseId,
        slug: file.replace(/\.mdx$/, '').replace(/^\d+-/, ''),
        title: frontmatter(text, 'title')!,
        courseTier,
        freePreview: frontmatter(text, 'freePreview') === 'true',
        phrases: [phrases[0]!, phrases.at(-1)!],
      });
    }
  }
  return out;
}

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
