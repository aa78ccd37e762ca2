import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './accounts';

/**
 * Lessons a member has marked done. A course and a lesson are addressed by their content ids
 * (`content/courses/{courseId}/{lessonSlug}.mdx`): they live in files, not in the database, so rows of
 * a lesson that an editor removes are simply ignored.
 */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: memberRef(),
    courseId: text('course_id').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lessonSlug] })],
);

/** Where a member stopped in each course: the lesson they opened last. One row per member and course. */
export const coursePositions = pgTable(
  'course_positions',
  {
    userId: memberRef(),
    courseId: text('course_id').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_positions_user_visited_idx').on(t.userId, t.visitedAt),
  ],
);
