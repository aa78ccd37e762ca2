import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The admin overview's revenue, summed per WIB month and provider (decision 0032): gross is the amount of
 * payments paid in the month, refunds of those refunded in it. Kept by a trigger on `payments` (the
 * migration's hand-written part), in the transaction of every change, so it always equals the sums over
 * `payments`; `admin_rebuild_overview()` recomputes it after a bulk load.
 */
export const adminRevenueMonths = pgTable(
  'admin_revenue_months',
  {
    /** `YYYY-MM` in WIB. */
    month: text('month').notNull(),
    provider: text('provider').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.provider] })],
);

/**
 * Which members count as new, renewed or upgraded in which WIB month (docs/product.md §6), one row per
 * member, month and kind, kept by the same trigger from the member's paid payments. No foreign key: the
 * trigger empties a member's rows when their payments lose the member (account deletion).
 */
export const adminMemberMonths = pgTable(
  'admin_member_months',
  {
    month: text('month').notNull(),
    /** new | renewed | upgraded (src/domain/admin-overview.ts `paymentKind`). */
    kind: text('kind').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind, t.userId] }), index('admin_member_months_user_idx').on(t.userId)],
);
