import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import type { Tier } from '../../../domain/tiers';
import { memberRef } from './accounts';
import { payments } from './payments';

/** Where a membership period comes from: demo data, a settled payment, the team (complimentary), a free trial. */
export type MembershipSource = 'demo' | 'payment' | 'admin' | 'trial';

/** Periods of paid (or granted) access. The effective tier is the highest one covering now. */
export const memberships = pgTable(
  'memberships',
  {
    id: generatedId(),
    userId: memberRef(),
    tier: text('tier').$type<Exclude<Tier, 'gratis'>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** `trial`: a free trial the member started (docs/product.md §7.2, at most one per tier per member). */
    source: text('source').$type<MembershipSource>().notNull(),
    /** For source `payment`: the payment whose pass this is (one row per payment, kept by the payments service). */
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memberships_user_idx').on(t.userId, t.endsAt),
    // The admin overview: passes running now, lapsing soon or lapsed in a month.
    index('memberships_ends_at_idx').on(t.endsAt),
    // A free trial once per member per tier, whatever races (decision 0037).
    uniqueIndex('memberships_one_trial_per_tier')
      .on(t.userId, t.tier)
      .where(sql`${t.source} = 'trial'`),
  ],
);
