import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaidTier } from '../../../domain/plans';
import { users } from './accounts';

/**
 * The free trial of each paid tier as the admin set it (docs/product.md §6, decision 0037): its length in
 * days, 0 (or no row) meaning no trial. One row per tier; the trials taken are `memberships` rows with
 * source `trial`.
 */
export const trialOffers = pgTable('trial_offers', {
  tier: text('tier').$type<PaidTier>().primaryKey(),
  days: integer('days').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
