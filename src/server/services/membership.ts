/**
 * The effective tier of a member: the highest tier among memberships covering `now`, else gratis.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';
import { tierAtLeast, type Tier } from '../../domain/tiers';

export interface CurrentTier {
  tier: Tier;
  /** When the current paid tier ends (its latest covering period); null for gratis. */
  endsAt: Date | null;
}

export async function currentTier(db: Db, userId: string, now: Date): Promise<CurrentTier> {
  const rows = await db
    .select({ tier: memberships.tier, endsAt: memberships.endsAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), lte(memberships.startsAt, now), gt(memberships.endsAt, now)));
  let best: CurrentTier = { tier: 'gratis', endsAt: null };
  for (const r of rows) {
    if (!tierAtLeast(best.tier, r.tier) || (r.tier === best.tier && best.endsAt && r.endsAt > best.endsAt)) {
      best = { tier: r.tier, endsAt: r.endsAt };
    }
  }
  return best;
}
