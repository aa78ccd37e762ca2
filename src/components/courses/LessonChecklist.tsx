import { withBoundary } from '../ui/IslandBoundary';
import type { CourseProgressInit, LessonItem } from '../../lib/island-props';
import { lessonHref } from './lesson-href';
import { useCourseProgress } from './useCourseProgress';

interface Props {
  init: CourseProgressInit;
  lessons: LessonItem[];
  current: string | null;
}

/** The course's lessons with what the member has done, where they are, and what is locked for them. */
function LessonChecklist({ init, lessons, current }: Props) {
  const { done, courseId } = useCourseProgress(init);
  const doneSet = new Set(done);
  return (
    <ol className="lesson-list">
      {lessons.map((l, i) => {
        const isDone = doneSet.has(l.slug);
        return (
          <li
            key={l.slug}
            className={l.slug === current ? 'is-current' : undefined}
            data-lesson={l.slug}
            data-done={isDone}
          >
            <span className={`lesson-mark${isDone ? ' is-done' : ''}`} aria-hidden="true">
              {isDone ? '✓' : i + 1}
            </span>
            <span className="lesson-main">
              <a href={lessonHref(courseId, l.slug)} aria-current={l.slug === current ? 'page' : undefined}>
                {l.title}
              </a>
              <span className="small muted">
                {' '}
                {l.duration} menit
                {l.note && ` · ${l.note}`}
                {isDone && <span className="visually-hidden"> · selesai</span>}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export default withBoundary(LessonChecklist);
