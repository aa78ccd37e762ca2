/**
 * New lessons: a lesson is new when a job run first sees it in the content (lessons carry no date),
 * except on the very first run, which records what exists as the baseline. Members who started the
 * course before the lesson appeared are told, for a week after it appeared.
 */
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contentSeen } from '../../../db/schema';
import type { Catalog, CatalogCourse, CatalogLesson } from '../catalog';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';
import { addDaysToInstant } from '../../../../domain/dates';

const LESSON_NEW_DAYS = 7;

export interface NewLesson {
  course: CatalogCourse;
  lesson: CatalogLesson;
  firstSeenAt: Date;
}

/** Records the lessons of the catalog and returns those that appeared after the baseline, within the last week. */
export async function newLessons(db: Db, catalog: Catalog, now: Date): Promise<NewLesson[]> {
  const known = await db
    .select({ key: contentSeen.key })
    .from(contentSeen)
    .where(eq(contentSeen.kind, 'lesson'))
    .limit(1);
  const announce = known.length > 0;
  const rows = catalog.courses.flatMap((c) =>
    c.lessons.map((l) => ({ kind: 'lesson' as const, key: l.id, firstSeenAt: now, announce })),
  );
  if (rows.length) await db.insert(contentSeen).values(rows).onConflictDoNothing();
  const recent = await db
    .select()
    .from(contentSeen)
    .where(
      and(
        eq(contentSeen.kind, 'lesson'),
        eq(contentSeen.announce, true),
        gte(contentSeen.firstSeenAt, addDaysToInstant(now, -LESSON_NEW_DAYS)),
      ),
    );
  const byId = new Map(
    catalog.courses.flatMap((course) => course.lessons.map((lesson) => [lesson.id, { course, lesson }] as const)),
  );
  return recent.flatMap((r) => {
    const found = byId.get(r.key);
    return found ? [{ ...found, firstSeenAt: r.firstSeenAt }] : [];
  });
}

export function lessonDrafts(
  lessons: NewLesson[],
  recipients: Recipient[],
  started: Map<string, Map<string, Date>>,
  opts: { appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const { course, lesson, firstSeenAt } of lessons) {
    for (const r of recipients) {
      const since = started.get(r.userId)?.get(course.id);
      if (!since || since >= firstSeenAt) continue;
      const channels = channelsFor(r, 'lesson-new', opts.telegram);
      if (!channels.length) continue;
      drafts.push({
        recipient: r,
        event: 'lesson-new',
        subject: lesson.id,
        channels,
        content: {
          title: `Pelajaran baru di kursus ${course.title}: ${lesson.title}`,
          lines: [
            `Kursus “${course.title}” yang sedang Anda ikuti mendapat pelajaran baru: “${lesson.title}”. Lanjutkan dari tempat Anda berhenti.`,
          ],
          cta: { label: 'Buka kursus', url: `${opts.appUrl}/courses/${course.id}` },
        },
      });
    }
  }
  return drafts;
}
