/**
 * Courses and their ordered lessons from the content collections, read on the server only: lesson
 * entries carry gated text and must never be imported by an island.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { LEVEL_LABEL } from '../../lib/labels';

export type Course = CollectionEntry<'courses'>;
export type Lesson = CollectionEntry<'lessons'>;

export interface CourseWithLessons {
  course: Course;
  /** In file order (`01-…`, `02-…`). */
  lessons: Lesson[];
}

/** `valuasi-saham/02-per-price-to-earnings-ratio` → `valuasi-saham`. */
function courseIdOf(lesson: Lesson): string {
  return lesson.id.slice(0, lesson.id.indexOf('/'));
}

/** The lesson's file name within its course: `valuasi-saham/02-per` → `02-per` (orders the lessons). */
function fileName(lesson: Lesson): string {
  return lesson.id.slice(lesson.id.indexOf('/') + 1);
}

/**
 * The lesson's address within its course, its file name without the order number:
 * `02-per-price-to-earnings-ratio` → `per-price-to-earnings-ratio`. Renumbering files to insert a lesson
 * keeps addresses and members' progress.
 */
export function lessonSlug(lesson: Lesson): string {
  return fileName(lesson).replace(/^\d+-/, '');
}

/** All courses with their lessons in file order, sorted by level then title. Throws on a duplicate lesson slug. */
export async function coursesWithLessons(): Promise<CourseWithLessons[]> {
  const [courses, lessons] = await Promise.all([getCollection('courses'), getCollection('lessons')]);
  const byCourse = new Map<string, Lesson[]>();
  for (const l of lessons) byCourse.set(courseIdOf(l), [...(byCourse.get(courseIdOf(l)) ?? []), l]);
  const levels = Object.keys(LEVEL_LABEL);
  return courses
    .map((course) => {
      const own = (byCourse.get(course.id) ?? []).sort((a, b) => fileName(a).localeCompare(fileName(b)));
      assertUniqueSlugs(course.id, own);
      return { course, lessons: own };
    })
    .sort(
      (a, b) =>
        levels.indexOf(a.course.data.level) - levels.indexOf(b.course.data.level) ||
        a.course.data.title.localeCompare(b.course.data.title, 'id'),
    );
}

function assertUniqueSlugs(courseId: string, lessons: Lesson[]): void {
  const seen = new Map<string, string>();
  for (const l of lessons) {
    const other = seen.get(lessonSlug(l));
    if (other) {
      throw new Error(
        `content/courses/${courseId}: lessons ${other}.mdx and ${fileName(l)}.mdx have the same address "${lessonSlug(l)}"; rename one of them`,
      );
    }
    seen.set(lessonSlug(l), fileName(l));
  }
}

/** One course with its lessons, or undefined. */
export async function findCourse(courseId: string): Promise<CourseWithLessons | undefined> {
  return (await coursesWithLessons()).find((c) => c.course.id === courseId);
}
