import {
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import type { PaidTier } from '../../../domain/plans';
import type { PaymentProviderId, PaymentStatus } from '../../../domain/payments';
import { users } from './accounts';
import { promoCodes } from './promo';

/** Receipt numbers: one sequence for every provider and server. */
export const receiptNumberSeq = pgSequence('payment_receipt_seq', { startWith: 1, increment: 1 });

/**
 * One row per checkout a member starts. Kept when the member deletes their account (the law asks for
 * payment records): the user id is cleared, amounts and receipt numbers stay.
 */
export const payments = pgTable(
  'payments',
  {
    id: generatedId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    /** Stripe Checkout Session id, or the Midtrans order id; unique per provider. */
    providerRef: text('provider_ref'),
    /** Stripe PaymentIntent id or Midtrans transaction id, once known (refunds refer to it). */
    providerPaymentRef: text('provider_payment_ref'),
    /** How the member paid, as the provider names it (card, qris, gopay, bank_transfer …). */
    method: text('method'),
    planId: text('plan_id').notNull(),
    tier: text('tier').$type<PaidTier>().notNull(),
    months: integer('months').notNull(),
    /** Whole Rupiah. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('IDR'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    /**
     * A bank transfer waiting for the member (status `processing`): the bank, the virtual account number
     * (Mandiri Bill: the bill key, with its biller code) and the deadline the provider set.
     */
    payBank: text('pay_bank'),
    payNumber: text('pay_number'),
    payBillerCode: text('pay_biller_code'),
    payBy: timestamp('pay_by', { withTimezone: true }),
    receiptNumber: text('receipt_number').unique(),
    /** The pass as granted when the payment settled (what the receipt states). */
    periodStartsAt: timestamp('period_starts_at', { withTimezone: true }),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    creditDays: integer('credit_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The promo code used at checkout: `amount` is the discounted price, `listPrice` the plan's. */
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    listPrice: integer('list_price'),
    /** The provider's id of a refund asked for from the admin console (Stripe `re_…`, Midtrans refund key). */
    refundRef: text('refund_ref'),
    /** The admin who asked for it; set once, so the console's refund is audited once. */
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A gift pass (gift_passes): the payer is the buyer, the pass goes to whoever redeems it. */
    gift: boolean('gift').notNull().default(false),
  },
  (t) => [
    unique('payments_provider_ref_unique').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_provider_payment_ref_idx').on(t.provider, t.providerPaymentRef),
    // The admin overview: revenue by month, refunds by month, a member's previous paid payment.
    index('payments_paid_at_idx').on(t.paidAt),
    index('payments_refunded_at_idx').on(t.refundedAt),
    index('payments_user_paid_idx').on(t.userId, t.paidAt),
    // A code's uses in all and per member.
    index('payments_promo_idx').on(t.promoCodeId, t.userId),
  ],
);

/** Every provider event (webhook or notification) processed, so a repeated delivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
