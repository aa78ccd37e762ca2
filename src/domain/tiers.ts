/**
 * Membership tiers and the order between them: the one source of truth for access (docs/product.md §1).
 */
export const TIERS = ['gratis', 'reguler', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

const RANK: Record<Tier, number> = { gratis: 0, reguler: 1, premium: 2 };

/** True when `have` grants at least what `need` requires (gratis < reguler < premium). */
export function tierAtLeast(have: Tier, need: Tier): boolean {
  return RANK[have] >= RANK[need];
}
