/**
 * Keeps the `memberships` rows of paid passes equal to the replay of the member's settled payments
 * (domain/membership-schedule.ts). Granted periods (demo, admin) are read, never written.
 */
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { giftPasses, memberships, payments, users } from '../../db/schema';
import { schedulePasses, type GrantedPeriod, type Pass, type Purchase } from '../../../domain/membership-schedule';
import type { Plan } from '../../../domain/plans';

type Reader = Db | Tx;

/**
 * The member's purchases: their own settled payments (a gift they bought is not theirs), and the gifts they
 * redeemed, each as if bought at the moment of redemption (decision 0041); a refunded gift drops out.
 */
async function inputs(db: Reader, userId: string): Promise<{ purchases: Purchase[]; granted: GrantedPeriod[] }> {
  // One after another, not with Promise.all: `db` may be a transaction, whose one connection runs one query at a
  // time (pg queues the rest, and pg 9 will refuse them).
  const paid = await db
    .select({ id: payments.id, tier: payments.tier, months: payments.months, paidAt: payments.paidAt })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid'), eq(payments.gift, false)))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id));
  const gifts = await db
    .select({ id: payments.id, tier: payments.tier, months: payments.months, paidAt: giftPasses.redeemedAt })
    .from(giftPasses)
    .innerJoin(payments, eq(payments.id, giftPasses.paymentId))
    .where(and(eq(giftPasses.redeemedBy, userId), eq(giftPasses.status, 'redeemed'), eq(payments.status, 'paid')));
  const granted = await db
    .select({ tier: memberships.tier, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.source, 'payment')));
  const purchases = [...paid, ...gifts]
    .map((p) => ({
      id: p.id,
      tier: p.tier,
      months: p.months as Purchase['months'],
      paidAt: p.paidAt!,
    }))
    // Stable: own payments come in their query's order; a redeemed gift takes its place by its moment.
    .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  return { purchases, granted };
}

/**
 * Serialises membership changes of one member across transactions and servers (row lock on the user;
 * NO KEY UPDATE so rows referencing the user can still be written meanwhile).
 */
export async function lockMember(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/**
 * Locks several members, always in id order: a path that needs two members' locks (a gift's buyer and
 * redeemer) takes them in the one order every other such path takes, whatever the roles. By roles, two
 * members who gift each other would take the pair in opposite orders (a refund of one gift: buyer, then
 * redeemer; a redemption of the other: buyer, then redeemer) and deadlock (decision 0047).
 */
export async function lockMembers(tx: Tx, ids: (string | null | undefined)[]): Promise<string[]> {
  const sorted = [...new Set(ids.filter((i): i is string => !!i))].sort();
  for (const id of sorted) await lockMember(tx, id);
  return sorted;
}

/** Rewrites the member's paid passes from their settled payments; returns them by payment id. */
export async function recomputePasses(tx: Tx, userId: string): Promise<Map<string, Pass>> {
  const { purchases, granted } = await inputs(tx, userId);
  const passes = schedulePasses(purchases, granted);
  const keep = passes.map((p) => p.purchaseId);
  await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.source, 'payment'),
        keep.length ? notInArray(memberships.paymentId, keep) : undefined,
      ),
    );
  if (passes.length) {
    await tx
      .insert(memberships)
      .values(
        passes.map((p) => ({
          userId,
          tier: p.tier,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          source: 'payment' as const,
          paymentId: p.purchaseId,
        })),
      )
      .onConflictDoUpdate({
        target: memberships.paymentId,
        set: { tier: sql`excluded.tier`, startsAt: sql`excluded.starts_at`, endsAt: sql`excluded.ends_at` },
      });
  }
  return new Map(passes.map((p) => [p.purchaseId, p]));
}

/** The pass a purchase of `plan` made at `now` would give (what /pay promises). */
export async function previewPass(db: Db, userId: string, plan: Plan, now: Date): Promise<Pass> {
  const { purchases, granted } = await inputs(db, userId);
  const passes = schedulePasses(
    [...purchases, { id: 'preview', tier: plan.tier, months: plan.months, paidAt: now }],
    granted,
  );
  return passes.find((p) => p.purchaseId === 'preview')!;
}
