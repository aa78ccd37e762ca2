/**
 * Members' progress through the courses: lessons marked done and the lesson each member opened last.
 * Courses and lessons are content files; callers pass their ids and the course's lesson slugs in
 * order, so this module never reads content.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { courseProgress, type CourseProgress } from '../../../domain/courses';
import type { Db } from '../../db/client';
import { coursePositions, lessonCompletions } from '../../db/schema';

export interface CourseLessons {
  courseId: string;
  /** Lesson slugs in course order. */
  lessons: readonly string[];
}

/** Progress of one member in several courses, by course id; one query per table. */
export async function progressByCourse(
  db: Db,
  userId: string,
  courses: readonly CourseLessons[],
): Promise<Map<string, CourseProgress>> {
  const ids = courses.map((c) => c.courseId);
  const result = new Map<string, CourseProgress>();
  if (ids.length === 0) return result;
  const [done, positions] = await Promise.all([
    db
      .select({ courseId: lessonCompletions.courseId, lessonSlug: lessonCompletions.lessonSlug })
      .from(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, userId), inArray(lessonCompletions.courseId, ids))),
    db
      .select({ courseId: coursePositions.courseId, lessonSlug: coursePositions.lessonSlug })
      .from(coursePositions)
      .where(and(eq(coursePositions.userId, userId), inArray(coursePositions.courseId, ids))),
  ]);
  for (const c of courses) {
    const doneHere = done.filter((d) => d.courseId === c.courseId).map((d) => d.lessonSlug);
    const last = positions.find((p) => p.courseId === c.courseId)?.lessonSlug ?? null;
    result.set(c.courseId, courseProgress(c.lessons, doneHere, last));
  }
  return result;
}

/** Progress of one member in one course. */
export async function progressIn(db: Db, userId: string, course: CourseLessons): Promise<CourseProgress> {
  return (await progressByCourse(db, userId, [course])).get(course.courseId)!;
}

/**
 * Marks a lesson done (idempotent: marking it again keeps the first completion time) or not done,
 * and makes it the member's position in the course.
 */
export async function setLessonDone(
  db: Db,
  input: { userId: string; courseId: string; lessonSlug: string; done: boolean; at: Date },
): Promise<void> {
  const { userId, courseId, lessonSlug, at } = input;
  await db.transaction(async (tx) => {
    if (input.done) {
      await tx
        .insert(lessonCompletions)
        .values({ userId, courseId, lessonSlug, completedAt: at })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(lessonCompletions)
        .where(
          and(
            eq(lessonCompletions.userId, userId),
            eq(lessonCompletions.courseId, courseId),
            eq(lessonCompletions.lessonSlug, lessonSlug),
          ),
        );
    }
    await upsertPosition(tx, userId, courseId, lessonSlug, at);
  });
}

/** Records that the member opened a lesson: where "Lanjutkan" takes them next time. */
export async function recordLessonOpened(
  db: Db,
  input: { userId: string; courseId: string; lessonSlug: string; at: Date },
): Promise<void> {
  await upsertPosition(db, input.userId, input.courseId, input.lessonSlug, input.at);
}

async function upsertPosition(
  db: Pick<Db, 'insert'>,
  userId: string,
  courseId: string,
  lessonSlug: string,
  at: Date,
): Promise<void> {
  await db
    .insert(coursePositions)
    .values({ userId, courseId, lessonSlug, visitedAt: at })
    .onConflictDoUpdate({
      target: [coursePositions.userId, coursePositions.courseId],
      set: { lessonSlug, visitedAt: at },
    });
}

/** The member's course data for "Unduh data saya". */
export async function exportCourseProgress(db: Db, userId: string) {
  const [completed, positions] = await Promise.all([
    db
      .select({
        courseId: lessonCompletions.courseId,
        lesson: lessonCompletions.lessonSlug,
        completedAt: lessonCompletions.completedAt,
      })
      .from(lessonCompletions)
      .where(eq(lessonCompletions.userId, userId)),
    db
      .select({
        courseId: coursePositions.courseId,
        lesson: coursePositions.lessonSlug,
        openedAt: coursePositions.visitedAt,
      })
      .from(coursePositions)
      .where(eq(coursePositions.userId, userId)),
  ]);
  return { lessonsDone: completed, lastOpened: positions };
}
