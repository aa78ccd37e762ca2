/**
 * Who may read a lesson, and how far a member is in a course (docs/product.md §3, /courses/{courseId}). Pure.
 */
import { tierAtLeast, type Tier } from './tiers';

/**
 * `read`: show the lesson. `sign-in`: a visitor; every lesson, even a free preview, needs an account.
 * `upgrade`: a member below the course tier on a lesson that is not a free preview.
 */
export type LessonAccess = 'read' | 'sign-in' | 'upgrade';

/** Free-preview lessons are open to any signed-in member; the others need the course tier. */
export function lessonAccess(viewerTier: Tier | null, courseTier: Tier, freePreview: boolean): LessonAccess {
  if (viewerTier === null) return 'sign-in';
  if (freePreview || tierAtLeast(viewerTier, courseTier)) return 'read';
  return 'upgrade';
}

/**
 * The note beside a lesson in a course's list, saying only what this viewer can really open: a visitor
 * opens nothing, so a lesson a free account would open reads "perlu akun gratis" (never "pratinjau
 * gratis"); a member sees "pratinjau gratis" on a preview above their tier and "terkunci" on what their
 * tier does not open.
 */
export type LessonNote = 'pratinjau gratis' | 'perlu akun gratis' | 'terkunci' | null;

export function lessonNote(viewerTier: Tier | null, courseTier: Tier, freePreview: boolean): LessonNote {
  if (viewerTier === null)
    return lessonAccess('gratis', courseTier, freePreview) === 'read' ? 'perlu akun gratis' : 'terkunci';
  if (lessonAccess(viewerTier, courseTier, freePreview) !== 'read') return 'terkunci';
  return freePreview && !tierAtLeast(viewerTier, courseTier) ? 'pratinjau gratis' : null;
}

export interface CourseProgress {
  /** Lessons of the course marked done (slugs of lessons that still exist, in course order). */
  done: string[];
  total: number;
  /** Whole percent, 0–100, rounded down so that 100 means every lesson. */
  percent: number;
  /** The lesson to continue with, or null when there is nothing to resume (all done). */
  resume: string | null;
  /** True once the member has opened or finished any lesson of the course. */
  started: boolean;
  /** The lesson opened last, if it still exists. */
  lastOpened: string | null;
}

/**
 * Progress over the course's current lessons (`lessons` in order). Where to resume: the last lesson
 * opened if it is not done yet; otherwise the first lesson not done after it, then from the start;
 * the first lesson when nothing was opened; null when every lesson is done.
 */
export function courseProgress(
  lessons: readonly string[],
  done: Iterable<string>,
  lastOpened: string | null,
): CourseProgress {
  const doneSet = new Set(done);
  const doneInOrder = lessons.filter((l) => doneSet.has(l));
  const total = lessons.length;
  const percent = total === 0 ? 0 : Math.floor((doneInOrder.length * 100) / total);
  const open = lessons.filter((l) => !doneSet.has(l));
  const opened = lastOpened !== null && lessons.includes(lastOpened) ? lastOpened : null;
  const started = doneInOrder.length > 0 || opened !== null;
  let resume: string | null = null;
  if (open.length > 0) {
    const at = lastOpened === null ? -1 : lessons.indexOf(lastOpened);
    if (at >= 0 && !doneSet.has(lastOpened!)) resume = lastOpened;
    else resume = lessons.slice(at + 1).find((l) => !doneSet.has(l)) ?? open[0]!;
  }
  return { done: doneInOrder, total, percent, resume, started, lastOpened: opened };
}
