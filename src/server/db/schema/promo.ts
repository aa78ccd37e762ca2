import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import type { PromoKind } from '../../../domain/promo';
import { users } from './accounts';

/**
 * Promo codes made in the admin console (docs/product.md §6): a percentage or a fixed Rupiah amount off
 * the plans listed (all plans when none), within a validity window, with a total and a per-member limit
 * counted over paid payments that used the code.
 */
export const promoCodes = pgTable('promo_codes', {
  id: generatedId(),
  /** Upper case, as members type it (case-insensitive). */
  code: text('code').notNull().unique(),
  kind: text('kind').$type<PromoKind>().notNull(),
  /** Percent (1–90) or whole Rupiah. */
  value: integer('value').notNull(),
  /** Plan ids (`reguler-1` …) the code applies to; null: every plan. */
  planIds: text('plan_ids').array(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  /** Paid uses in all; null: no limit. */
  maxUses: integer('max_uses'),
  /** Paid uses per member. */
  perMember: integer('per_member').notNull().default(1),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
