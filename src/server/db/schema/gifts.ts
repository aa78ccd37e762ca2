import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import { users } from './accounts';
import { payments } from './payments';

/**
 * pending: the checkout is started, not paid (no token yet); active: paid, its link mailed, waiting for the
 * recipient; redeemed: a member took it (the pass is theirs); void: the payment was refunded before it was
 * redeemed; revoked: an admin withdrew it before it was redeemed.
 */
export type GiftStatus = 'pending' | 'active' | 'redeemed' | 'void' | 'revoked';

/**
 * Gift passes (docs/product.md §6, decision 0041): a member pays for a plan for someone else's address;
 * the payment (`payments.gift`) grants the buyer nothing. Once paid, the recipient is mailed a link with a
 * random token, of which only the SHA-256 hash is kept; the member who opens it signed in and accepts it
 * gets the plan as if they had bought it at that moment (the pass replay reads redeemed gifts).
 */
export const giftPasses = pgTable(
  'gift_passes',
  {
    id: generatedId(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower case, as typed by the buyer. */
    recipientEmail: text('recipient_email').notNull(),
    /** The buyer's note to the recipient (plain text, at most 300 characters). */
    message: text('message'),
    status: text('status').$type<GiftStatus>().notNull().default('pending'),
    /** SHA-256 (hex) of the link's token; set when the payment settles, replaced when the link is sent again. */
    tokenHash: text('token_hash').unique(),
    /** When the link was last mailed to the recipient. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** When it became void (refund) or revoked (admin). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_passes_buyer_idx').on(t.buyerId, t.createdAt),
    index('gift_passes_redeemed_by_idx').on(t.redeemedBy),
    index('gift_passes_created_idx').on(t.createdAt),
  ],
);
