import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { courseProgress, type CourseProgress } from '../../domain/courses';
import type { CourseProgressInit } from '../../lib/island-props';
import { $courseProgress, initCourseProgress, type CourseProgressState } from '../../stores/course-progress';

/**
 * The course's progress for an island: the page's data on the server and on the first render in the
 * browser (so hydration matches), the shared store after that.
 */
export function useCourseProgress(init: CourseProgressInit): CourseProgressState & { summary: CourseProgress } {
  const stored = useStore($courseProgress);
  useEffect(() => initCourseProgress(init), [init]);
  const state = stored?.courseId === init.courseId ? stored : { ...init, saving: null, error: null };
  return { ...state, summary: courseProgress(state.lessons, state.done, state.lastOpened) };
}
