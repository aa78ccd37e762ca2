import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import { users, memberRef } from './accounts';
import type { NoticeChannel } from '../../../domain/notifications';
import type { BroadcastAudience, DeliveryStatus } from '../../../domain/broadcasts';

/**
 * A message an admin sent to members (docs/product.md §6, decision 0039): its Markdown as written and the
 * audience chosen. `sendKey` comes from the preview form, so a second submit of the same preview sends
 * nothing. `finishedAt` is set once no delivery is pending or being sent.
 */
export const broadcasts = pgTable('broadcasts', {
  id: generatedId(),
  sendKey: uuid('send_key').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  audience: jsonb('audience').$type<BroadcastAudience>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * One row per member and channel of a broadcast, written when it is sent (the audience is a snapshot).
 * `pending` → `sending` (committed before the provider is called) → `sent` or `failed`; a row found in
 * `sending` by a later run was cut off by a crash and becomes `uncertain`, never sent again. `skipped`
 * rows carry the reason (preferences, no verified email, no Telegram link).
 */
export const broadcastDeliveries = pgTable(
  'broadcast_deliveries',
  {
    id: generatedId(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    channel: text('channel').$type<NoticeChannel>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull(),
    /** The email address or Telegram user id at the moment of sending; null for a skipped row without one. */
    address: text('address'),
    reason: text('reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    unique('broadcast_deliveries_once').on(t.broadcastId, t.userId, t.channel),
    // The job's keyset batches (pending rows of a broadcast in id order) and the counts by status.
    index('broadcast_deliveries_status_id_idx').on(t.broadcastId, t.status, t.id),
  ],
);
