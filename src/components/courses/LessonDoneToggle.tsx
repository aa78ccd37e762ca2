import type { SubmitEvent } from 'react';
import { withBoundary } from '../ui/IslandBoundary';
import { Alert } from '../ui/Alert';
import type { CourseProgressInit } from '../../lib/island-props';
import { markLesson } from '../../stores/course-progress';
import { lessonHref } from './lesson-href';
import { useCourseProgress } from './useCourseProgress';

interface Props {
  init: CourseProgressInit;
  lesson: string;
  next: { slug: string; title: string } | null;
}

/**
 * "Tandai selesai" under a lesson. A plain form posting to the course page, so it works before the
 * script loads or without it; with the script it saves in place and every island updates.
 */
function LessonDoneToggle({ init, lesson, next }: Props) {
  const { done, saving, error, readOnly, courseId } = useCourseProgress(init);
  const isDone = done.includes(lesson);
  const onSubmit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void markLesson(lesson, !isDone);
  };
  return (
    <div className="lesson-done card" id="selesai">
      <form method="post" action={lessonHref(courseId, lesson)} onSubmit={onSubmit} className="row">
        <input type="hidden" name="lesson" value={lesson} />
        <input type="hidden" name="done" value={isDone ? '0' : '1'} />
        {isDone ? (
          <>
            <span className="alert-success lesson-done-note" role="status">
              ✓ Pelajaran ini sudah selesai
            </span>
            <button className="btn btn-secondary" type="submit" disabled={readOnly || saving !== null}>
              Tandai belum selesai
            </button>
          </>
        ) : (
          <button className="btn" type="submit" disabled={readOnly || saving !== null}>
            {saving === lesson ? 'Menyimpan…' : 'Tandai selesai'}
          </button>
        )}
        {next && (
          <a className={isDone ? 'btn' : 'btn btn-secondary'} href={lessonHref(courseId, next.slug)}>
            Berikutnya: {next.title}
          </a>
        )}
      </form>
      {error && <Alert kind="error">{error}</Alert>}
      {readOnly && <p className="small muted">Tidak tersedia saat impersonasi.</p>}
    </div>
  );
}

export default withBoundary(LessonDoneToggle);
