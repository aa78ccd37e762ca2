/**
 * Progress through the course on the current page, shared by the course page's islands (progress
 * panel, lesson list, "Tandai selesai"). The server renders the islands from their props; the store
 * takes over in the browser, and marking a lesson updates every island at once.
 */
import { atom } from 'nanostores';
import type { CourseProgressInit } from '../lib/island-props';

export interface CourseProgressState extends CourseProgressInit {
  /** The lesson whose change is being saved. */
  saving: string | null;
  /** The last save's failure, in Indonesian. */
  error: string | null;
}

export const $courseProgress = atom<CourseProgressState | null>(null);

/** Seeds the store from the page's data once per course (later islands of the same course keep it). */
export function initCourseProgress(init: CourseProgressInit): void {
  if ($courseProgress.get()?.courseId === init.courseId) return;
  $courseProgress.set({ ...init, saving: null, error: null });
}

const SAVE_FAILED = 'Kemajuan belum tersimpan. Periksa koneksi Anda lalu coba lagi.';

/**
 * Marks a lesson done or not done: shows it at once, saves it, and takes the server's answer (or
 * puts the previous state back with a message when saving fails).
 */
export async function markLesson(lesson: string, done: boolean): Promise<void> {
  const before = $courseProgress.get();
  if (!before || before.readOnly || before.saving) return;
  const optimistic = done ? [...new Set([...before.done, lesson])] : before.done.filter((l) => l !== lesson);
  $courseProgress.set({ ...before, done: optimistic, lastOpened: lesson, saving: lesson, error: null });
  try {
    const res = await fetch('/api/courses/progress', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ courseId: before.courseId, lesson, done }),
    });
    const body = (await res.json().catch(() => null)) as {
      done?: string[];
      lastOpened?: string | null;
      error?: string;
    } | null;
    if (!res.ok || !body?.done) throw new Error(body?.error ?? SAVE_FAILED);
    $courseProgress.set({
      ...before,
      done: body.done,
      lastOpened: body.lastOpened ?? lesson,
      saving: null,
      error: null,
    });
  } catch (err) {
    const message = err instanceof Error && err.message && !(err instanceof TypeError) ? err.message : SAVE_FAILED;
    $courseProgress.set({ ...before, saving: null, error: message });
  }
}
