/**
 * Personal recommendations (docs/product.md §3, /starting-guide/rekomendasi-saya): the current analyst calls
 * with their last closes, matched to the member's risk profile and holdings by `domain/recommendations`.
 */
import { recommend, type Call, type Recommendation } from '../../../domain/recommendations';
import type { RiskProfile } from '../../../domain/risk-profile';
import type { Db } from '../../db/client';
import { memberHoldings } from './holdings';
import { stockStats } from './stock-stats';

/** A current call as the content holds it, before market data is attached. */
export type CallSource = Omit<Call, 'lastClose' | 'companyName'>;

/**
 * The member's recommendations for `profile` as of `today` (`YYYY-MM-DD`): Beli calls that fit,
 * highest upside first, with their holdings and weights, and warnings for held Jual calls;
 * `heldCount` is how many stocks the member holds.
 * `userId` null gives the list without holdings (the sample shown to members below reguler).
 */
export async function recommendationsFor(
  db: Db,
  input: { userId: string | null; profile: RiskProfile; calls: readonly CallSource[]; today: string },
): Promise<Recommendation & { heldCount: number }> {
  const [stats, holdings] = await Promise.all([
    stockStats(
      db,
      input.calls.map((c) => c.ticker),
    ),
    input.userId ? memberHoldings(db, input.userId, input.today) : Promise.resolve([]),
  ]);
  const calls = input.calls.map((c): Call => ({
    ...c,
    companyName: stats.get(c.ticker)?.name ?? c.ticker,
    lastClose: stats.get(c.ticker)?.lastClose ?? null,
  }));
  return {
    ...recommend({ profile: input.profile, calls, stats, holdings, today: input.today }),
    heldCount: holdings.length,
  };
}
