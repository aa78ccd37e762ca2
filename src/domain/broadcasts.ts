/**
 * Broadcasts (docs/product.md §6, decision 0039): who a message goes to and what became of each delivery.
 * Pure rules; the service snapshots the audience and the job delivers.
 */
import type { Tier } from './tiers';
import type { TelegramGroup } from './telegram-groups';

/** Members are in the audience when any part matches: a tier held now, an open Telegram group seat, or everyone. */
export interface BroadcastAudience {
  tiers: Tier[];
  groups: TelegramGroup[];
  /** Every member who has announcements on in at least one channel. */
  everyone: boolean;
}

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed', 'uncertain'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a delivery was skipped or failed without a provider's own words. */
export const SKIP_REASONS = {
  optedOut: 'Anggota mematikan pengumuman di saluran ini',
  unverified: 'Email belum terverifikasi',
  notLinked: 'Akun Telegram belum ditautkan',
  telegramOff: 'Telegram belum dikonfigurasi di server',
  crashed: 'Pengiriman terputus (server berhenti) sebelum hasilnya tercatat; tidak dikirim ulang',
} as const;

/** Telegram's limit on a message's text after its entities are parsed. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** The counts an admin sees per broadcast; `total` is every row. */
export type DeliveryCounts = Record<DeliveryStatus, number> & { total: number };

export function emptyCounts(): DeliveryCounts {
  return { pending: 0, sending: 0, sent: 0, skipped: 0, failed: 0, uncertain: 0, total: 0 };
}

/** True when the audience names nobody at all (no tier, no group, not everyone). */
export function audienceIsEmpty(a: BroadcastAudience): boolean {
  return !a.everyone && a.tiers.length === 0 && a.groups.length === 0;
}
