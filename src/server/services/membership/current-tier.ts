/**
 * The effective tier of a member: the highest tier among memberships covering `now`, else gratis.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema';
import { tierAtLeast, type Tier } from '../../../domain/tiers';
import { coverageEnd, type Period } from '../../../domain/membership-schedule';

export interface CurrentTier {
  tier: Tier;
  /**
   * When the current paid tier ends: the end of the unbroken run of periods of that tier or higher
   * (a renewal queued behind the current pass counts); null for gratis.
   */
  endsAt: Date | null;
}

export async function currentTier(db: Db, userId: string, now: Date): Promise<CurrentTier> {
  const rows = await db
    .select({ tier: memberships.tier, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), gt(memberships.endsAt, now)));
  return tierFrom(rows, now);
}

/** The effective tier given the member's memberships that end after `now` (as currentTier() reads them). */
export function tierFrom(rows: readonly Period[], now: Date): CurrentTier {
  let tier: Tier = 'gratis';
  for (const r of rows) if (r.startsAt <= now && !tierAtLeast(tier, r.tier)) tier = r.tier;
  return tier === 'gratis' ? { tier, endsAt: null } : { tier, endsAt: coverageEnd(rows, tier, now) };
}
