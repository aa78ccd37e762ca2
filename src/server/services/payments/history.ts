/**
 * What /settings/membership and the data export show: the member's payments and their passes.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, payments, type MembershipSource } from '../../db/schema';
import type { Payment } from './fulfil';

/** Checkouts worth listing: abandoned (pending / expired) ones are left out. */
const LISTED = ['processing', 'paid', 'failed', 'refunded', 'rejected'] as const;

export async function paymentHistory(db: Db, userId: string): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, [...LISTED])))
    .orderBy(desc(payments.createdAt));
}

/**
 * Bank transfers still waiting for the member: processing, with a virtual account (or Mandiri Bill code)
 * and a deadline not yet passed. Newest first. A transfer past its deadline is left out even before the
 * provider's "expire" notification arrives: its account no longer takes money.
 */
export async function awaitingTransfers(db: Db, userId: string, now: Date): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'processing'),
        isNotNull(payments.payNumber),
        or(isNull(payments.payBy), gt(payments.payBy, now)),
      ),
    )
    .orderBy(desc(payments.createdAt));
}

export interface PassRow {
  tier: 'reguler' | 'premium';
  startsAt: Date;
  endsAt: Date;
  source: MembershipSource;
}

/** Periods running now or still to come, in calendar order. */
export async function currentAndUpcomingPasses(db: Db, userId: string, now: Date): Promise<PassRow[]> {
  const rows = await db
    .select({
      tier: memberships.tier,
      startsAt: memberships.startsAt,
      endsAt: memberships.endsAt,
      source: memberships.source,
    })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), gt(memberships.endsAt, now)))
    .orderBy(asc(memberships.startsAt));
  return rows.filter((r) => r.endsAt > r.startsAt);
}

/** Every payment of the member, for "download my data" (no provider secrets are stored). */
export async function paymentsForExport(db: Db, userId: string) {
  return db
    .select({
      id: payments.id,
      receiptNumber: payments.receiptNumber,
      provider: payments.provider,
      method: payments.method,
      planId: payments.planId,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      refundedAt: payments.refundedAt,
      periodStartsAt: payments.periodStartsAt,
      periodEndsAt: payments.periodEndsAt,
      creditDays: payments.creditDays,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt));
}
