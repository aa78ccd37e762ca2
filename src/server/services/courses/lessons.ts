/**
 * Course pages' server side: which lesson a viewer may read, and marking lessons done after checking
 * that the lesson exists and is open to the member. Joins the course content with the progress tables.
 */
import { z } from 'zod';
import { lessonAccess, type CourseProgress } from '../../../domain/courses';
import type { Tier } from '../../../domain/tiers';
import { coursesWithLessons, findCourse, lessonSlug, type CourseWithLessons } from '../../content/courses';
import type { Db } from '../../db/client';
import { progressByCourse, progressIn, setLessonDone } from './progress';

export const markLessonSchema = z.object({
  courseId: z.string().trim().min(1).max(120),
  lesson: z.string().trim().min(1).max(200),
  done: z.boolean(),
});
export type MarkLessonInput = z.infer<typeof markLessonSchema>;

export type MarkResult =
  { ok: true; done: string[]; lastOpened: string } | { ok: false; status: 400 | 403 | 404; message: string };

/** The course's lesson slugs in order, as the progress tables need them. */
export function lessonSlugs({ course, lessons }: CourseWithLessons) {
  return { courseId: course.id, lessons: lessons.map(lessonSlug) };
}

/**
 * Marks a lesson done or not done for the member. Refuses (writing nothing) an unknown course or
 * lesson, and a lesson the member may not read.
 */
export async function markLessonFor(
  db: Db,
  member: { id: string; tier: Tier },
  input: MarkLessonInput,
  at: Date,
): Promise<MarkResult> {
  const found = await findCourse(input.courseId);
  if (!found) return { ok: false, status: 404, message: 'Kursus tidak ditemukan.' };
  const lesson = found.lessons.find((l) => lessonSlug(l) === input.lesson);
  if (!lesson) return { ok: false, status: 404, message: 'Pelajaran tidak ditemukan di kursus ini.' };
  if (lessonAccess(member.tier, found.course.data.tier, lesson.data.freePreview) !== 'read') {
    return { ok: false, status: 403, message: 'Pelajaran ini belum terbuka untuk paket Anda.' };
  }
  await setLessonDone(db, {
    userId: member.id,
    courseId: found.course.id,
    lessonSlug: input.lesson,
    done: input.done,
    at,
  });
  const progress = await progressIn(db, member.id, lessonSlugs(found));
  return { ok: true, done: progress.done, lastOpened: input.lesson };
}

/** One course's progress on the catalogue, with the title of the lesson to resume. */
export interface CatalogueProgress extends CourseProgress {
  resumeTitle: string | null;
}

/** Progress in every course, for the catalogue. */
export async function catalogueProgress(db: Db, userId: string): Promise<Record<string, CatalogueProgress>> {
  const all = await coursesWithLessons();
  const byCourse = await progressByCourse(db, userId, all.map(lessonSlugs));
  return Object.fromEntries(
    all.map(({ course, lessons }) => {
      const p = byCourse.get(course.id)!;
      const resumeTitle = lessons.find((l) => lessonSlug(l) === p.resume)?.data.title ?? null;
      return [course.id, { ...p, resumeTitle }];
    }),
  );
}
