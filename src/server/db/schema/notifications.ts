import { boolean, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { generatedId } from './columns';

import { memberRef } from './accounts';
import type { NoticeChannel, NoticeEvent } from '../../../domain/notifications';

/** A member's choices that differ from the defaults in `domain/notifications.ts`. */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: memberRef(),
    event: text('event').$type<NoticeEvent>().notNull(),
    channel: text('channel').$type<NoticeChannel>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event, t.channel] })],
);

/**
 * Every notice claimed for sending. The unique key (member, event, channel, subject) is what makes a
 * notice go out at most once, whichever server or rerun gets there first.
 */
export const notices = pgTable(
  'notices',
  {
    id: generatedId(),
    userId: memberRef(),
    event: text('event').$type<NoticeEvent>().notNull(),
    channel: text('channel').$type<NoticeChannel>().notNull(),
    /** What the notice is about: an analysis id, a dividend, a membership end and stage, a lesson id. */
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('notices_once').on(t.userId, t.event, t.channel, t.subject),
    index('notices_subject_idx').on(t.subject),
  ],
);

/**
 * Content items the jobs have seen, with when they first saw them: a lesson has no publication date,
 * so "new" means "first seen by a later run". What the very first run finds is the baseline and is
 * not announced.
 */
export const contentSeen = pgTable(
  'content_seen',
  {
    kind: text('kind').$type<'lesson'>().notNull(),
    key: text('key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    announce: boolean('announce').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
