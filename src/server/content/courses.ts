/**
 * Courses and their ordered lessons from the content collections.
 */
import { getCollection, type CollectionEntry } from 'astro:content';

export type Course = CollectionEntry<'courses'>;
export type Lesson = CollectionEntry<'lessons'>;

export const LEVEL_LABEL = { pemula: 'Pemula', menengah: 'Menengah', mahir: 'Mahir' } as const;

/** Lesson slug within its course: `valuasi-saham/02-per` → `02-per`. */
export function lessonSlug(lesson: Lesson): string {
  return lesson.id.slice(lesson.id.indexOf('/') + 1);
}

/** All courses with their lessons in file order. */
export async function coursesWithLessons(): Promise<{ course: Course; lessons: Lesson[] }[]> {
  const [courses, lessons] = await Promise.all([getCollection('courses'), getCollection('lessons')]);
  const byCourse = new Map<string, Lesson[]>();
  for (const l of lessons) {
    const courseId = l.id.slice(0, l.id.indexOf('/'));
    byCourse.set(courseId, [...(byCourse.get(courseId) ?? []), l]);
  }
  return courses
    .map((course) => ({
      course,
      lessons: (byCourse.get(course.id) ?? []).sort((a, b) => lessonSlug(a).localeCompare(lessonSlug(b))),
    }))
    .sort((a, b) => a.course.data.title.localeCompare(b.course.data.title, 'id'));
}
