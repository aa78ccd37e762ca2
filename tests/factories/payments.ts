/** Test data for payments: a checkout as /pay records it, before any provider state arrives. */
import type { Db } from '../../src/server/db/client';
import { payments } from '../../src/server/db/schema';
import { findPlan } from '../../src/domain/plans';

let n = 0;

export async function createPayment(
  db: Db,
  userId: string,
  planId: string,
  provider: 'stripe' | 'midtrans' = 'stripe',
) {
  const plan = findPlan(planId)!;
  n += 1;
  const [p] = await db
    .insert(payments)
    .values({
      userId,
      provider,
      providerRef: `ref_${n}_${Date.now()}`,
      planId,
      tier: plan.tier,
      months: plan.months,
      amount: plan.price,
    })
    .returning();
  return p!;
}
