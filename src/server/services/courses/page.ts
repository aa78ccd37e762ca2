/**
 * What `/courses/{courseId}` shows, gathered in one call: the course, the lesson asked for by
 * `?pelajaran=` with its text only when the viewer may read it (docs/decisions/0004-lesson-delivery.md),
 * the lesson list with locks, the member's progress, and the neighbouring lessons. Opening a readable
 * lesson records it as the member's position, except while an admin impersonates (read-only).
 */
import { render } from 'astro:content';
import { z } from 'zod';
import { lessonAccess, lessonNote, type LessonAccess } from '../../../domain/courses';
import type { Viewer } from '../../auth/viewer-type';
import { findCourse, lessonSlug, type Course, type Lesson } from '../../content/courses';
import type { Db } from '../../db/client';
import type { CourseProgressInit, LessonItem } from '../../../lib/island-props';
import { lessonSlugs, markLessonFor, type MarkResult } from './lessons';
import { progressIn, recordLessonOpened } from './progress';

type Rendered = Awaited<ReturnType<typeof render>>['Content'];

export interface CoursePage {
  course: Course;
  /** The lesson asked for, or null on the overview. */
  lesson: Lesson | null;
  index: number;
  access: LessonAccess | null;
  /** The lesson's text, only when the viewer may read it. */
  Content: Rendered | null;
  /** The course overview's text, on the overview only. */
  Overview: Rendered | null;
  /** The progress islands' start state; null for visitors. */
  init: CourseProgressInit | null;
  items: LessonItem[];
  lockedCount: number;
  titles: Record<string, string>;
  current: string | null;
  prev: LessonItem | null;
  next: LessonItem | null;
}

/** The page for this course and lesson slug (null: the overview); null when either does not exist. */
export async function coursePage(
  db: Db,
  courseId: string,
  requested: string | null,
  who: { viewer: Viewer | null; readOnly: boolean },
  at: Date,
): Promise<CoursePage | null> {
  const found = await findCourse(courseId);
  if (!found) return null;
  const { course, lessons } = found;
  const { viewer, readOnly } = who;
  const slugs = lessons.map(lessonSlug);
  const index = requested === null ? -1 : slugs.indexOf(requested);
  if (requested !== null && index < 0) return null;
  const lesson = index >= 0 ? lessons[index]! : null;
  const access = lesson ? lessonAccess(viewer?.tier ?? null, course.data.tier, lesson.data.freePreview) : null;
  // Lesson text is rendered only here, only for a viewer who may read it; nobody else receives it.
  const Content = lesson && access === 'read' ? (await render(lesson)).Content : null;
  const current = lesson ? slugs[index]! : null;

  if (viewer && current && Content && !readOnly) {
    await recordLessonOpened(db, { userId: viewer.id, courseId: course.id, lessonSlug: current, at });
  }
  const progress = viewer ? await progressIn(db, viewer.id, lessonSlugs(found)) : null;
  const init = progress && {
    courseId: course.id,
    lessons: slugs,
    done: progress.done,
    // Opening a readable lesson makes it the position (recorded above unless impersonating).
    lastOpened: current && Content ? current : progress.lastOpened,
    readOnly,
  };
  const items = lessons.map((l) => ({
    slug: lessonSlug(l),
    title: l.data.title,
    duration: l.data.duration,
    freePreview: l.data.freePreview,
    locked: lessonAccess(viewer?.tier ?? 'gratis', course.data.tier, l.data.freePreview) !== 'read',
    note: lessonNote(viewer?.tier ?? null, course.data.tier, l.data.freePreview),
  }));
  return {
    course,
    lesson,
    index,
    access,
    Content,
    Overview: lesson ? null : (await render(course)).Content,
    init,
    items,
    lockedCount: items.filter((i) => i.locked).length,
    titles: Object.fromEntries(items.map((i) => [i.slug, i.title])),
    current,
    prev: index > 0 ? items[index - 1]! : null,
    next: index >= 0 && index < items.length - 1 ? items[index + 1]! : null,
  };
}

const lessonForm = z.object({ lesson: z.string().max(200), done: z.enum(['0', '1']) });

/** The no-JavaScript form that marks a lesson done or not done; on success, the lesson it named. */
export async function markLessonFromForm(
  db: Db,
  member: Viewer,
  courseId: string,
  form: FormData,
  at: Date,
): Promise<(MarkResult & { ok: true; lesson: string }) | (MarkResult & { ok: false })> {
  const parsed = lessonForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { ok: false, status: 400, message: 'Formulir tidak lengkap: pilih pelajaran yang ditandai.' };
  }
  const { lesson, done } = parsed.data;
  const result = await markLessonFor(db, member, { courseId, lesson, done: done === '1' }, at);
  return result.ok ? { ...result, lesson } : result;
}
