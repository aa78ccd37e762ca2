/**
 * The members' Telegram groups and who may be in them (docs/product.md §1, §7.3). A group is named after the
 * lowest tier that grants it; tiers are cumulative, so a Premium member may be in both groups.
 */
import { tierAtLeast, type Tier } from './tiers';

export const TELEGRAM_GROUPS = ['reguler', 'premium'] as const;
export type TelegramGroup = (typeof TELEGRAM_GROUPS)[number];

/** True when a member of `tier` may be in `group`. */
export function mayJoinGroup(tier: Tier, group: TelegramGroup): boolean {
  return tierAtLeast(tier, group);
}

/** The groups a member of `tier` may join, highest first (gratis: none). */
export function groupsFor(tier: Tier): TelegramGroup[] {
  return TELEGRAM_GROUPS.filter((g) => mayJoinGroup(tier, g)).reverse();
}
