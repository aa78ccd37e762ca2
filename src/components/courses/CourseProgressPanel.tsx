import { withBoundary } from '../ui/IslandBoundary';
import type { CourseProgressInit } from '../../lib/island-props';
import { lessonHref } from './lesson-href';
import { useCourseProgress } from './useCourseProgress';

interface Props {
  init: CourseProgressInit;
  /** Lesson titles by slug, for the "Lanjutkan" button. */
  titles: Record<string, string>;
  /** The lesson on screen, if any: the lesson's own "Berikutnya" link then takes the place of the button. */
  current: string | null;
}

/** Percent done, lessons done out of all, and the button that takes the member back where they stopped. */
function CourseProgressPanel({ init, titles, current }: Props) {
  const { summary, courseId, readOnly } = useCourseProgress(init);
  const { percent, total, resume, started } = summary;
  const label = !started ? 'Mulai belajar' : 'Lanjutkan';
  return (
    <section className="course-progress card" aria-label="Kemajuan belajar">
      <div className="course-progress-head">
        <strong>{summary.done.length === total && total > 0 ? 'Kursus selesai' : 'Kemajuan Anda'}</strong>
        <span className="num" data-testid="course-percent">
          {percent} %
        </span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Persentase pelajaran selesai"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="small muted" data-testid="course-count">
        {summary.done.length} dari {total} pelajaran selesai
      </p>
      {resume && current === null && (
        <a className="btn" href={lessonHref(courseId, resume)}>
          {label}: {titles[resume]}
        </a>
      )}
      {readOnly && <p className="small muted">Mode impersonasi: kemajuan anggota hanya bisa dilihat.</p>}
    </section>
  );
}

export default withBoundary(CourseProgressPanel);
