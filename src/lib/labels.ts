/**
 * The Indonesian words the UI shows for the app's enumerations, in one place: pages, components,
 * services, mails and the Telegram bot all read them here. Types come from the layers that own the
 * values; this module holds only words.
 */
import type { Tier } from '../domain/tiers';
import type { PaidTier } from '../domain/plans';
import type { NoticeChannel } from '../domain/notifications';
import type { RiskClass } from '../domain/recommendations';
import type { TelegramGroup } from '../domain/telegram-groups';
import type { RiskProfile } from '../domain/risk-profile';
import type { TransactionType } from '../domain/portfolio/types';
import type { PaymentProviderId, PaymentStatus } from '../domain/payments';

export const TIER_LABEL: Record<Tier, string> = { gratis: 'Gratis', reguler: 'Reguler', premium: 'Premium' };

/** `Reguler 3 bulan`. */
export function planLabel(plan: { tier: PaidTier; months: number }): string {
  return `${TIER_LABEL[plan.tier]} ${plan.months} bulan`;
}

export const CHANNEL_LABEL: Record<NoticeChannel, string> = { email: 'Email', telegram: 'Telegram' };

export const RISK_CLASS_LABEL: Record<RiskClass, string> = { rendah: 'Rendah', sedang: 'Sedang', tinggi: 'Tinggi' };

export const GROUP_LABEL: Record<TelegramGroup, string> = {
  reguler: 'Grup Telaah Reguler',
  premium: 'Grup Telaah Premium',
};

export const PROFILE_LABEL: Record<RiskProfile, string> = {
  konservatif: 'Konservatif',
  moderat: 'Moderat',
  agresif: 'Agresif',
};

/** Lower case: it stands inside sentences and table cells ("3 transaksi beli"). */
export const TYPE_LABEL: Record<TransactionType, string> = {
  buy: 'beli',
  sell: 'jual',
  dividend: 'dividen',
  rights_exercise: 'tebus HMETD',
  rights_sale: 'jual HMETD',
  rights_lapse: 'HMETD hangus',
  warrant_exercise: 'tebus waran',
  warrant_expiry: 'waran kedaluwarsa',
  tender: 'tender offer',
};

export const PROVIDER_LABEL: Record<PaymentProviderId, string> = { stripe: 'Stripe (kartu)', midtrans: 'Midtrans' };

/** Banks of a virtual-account transfer, by the provider's lower-case code. */
export const BANK_LABEL: Record<string, string> = {
  bca: 'BCA',
  bni: 'BNI',
  bri: 'BRI',
  permata: 'Permata',
  cimb: 'CIMB Niaga',
  danamon: 'Danamon',
  bsi: 'BSI',
  mandiri: 'Mandiri',
};

/** The label of a payment status and the badge class that colours it. */
export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, [label: string, badgeClass: string]> = {
  pending: ['Menunggu', ''],
  processing: ['Diproses', 'badge-tahan'],
  paid: ['Lunas', 'badge-beli'],
  failed: ['Gagal', 'badge-jual'],
  expired: ['Kedaluwarsa', ''],
  refunded: ['Dikembalikan', 'badge-reguler'],
  rejected: ['Ditolak', 'badge-jual'],
};

export const RATING_LABEL = { beli: 'Beli', tahan: 'Tahan', jual: 'Jual' } as const;

/** Course levels, in the order courses are listed. */
export const LEVEL_LABEL = { pemula: 'Pemula', menengah: 'Menengah', mahir: 'Mahir' } as const;

/** Categories of the analyses that are not about one issuer. */
export const CATEGORY_LABEL: Record<string, string> = {
  makro: 'Makro',
  sektor: 'Sektor',
  ipo: 'IPO',
  obligasi: 'Obligasi',
  emas: 'Emas',
  'reksa-dana': 'Reksa dana',
  lainnya: 'Lainnya',
};

/** Audit log actions as the /impersonate page lists them. */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'impersonation.start': 'mulai',
  'impersonation.stop': 'diakhiri',
  'impersonation.expired': 'berakhir otomatis',
  'impersonation.write': 'perubahan data',
};

/** What a daily market update run did (market_update_runs.outcome), as the stale-data notice words it. */
export const MARKET_UPDATE_OUTCOME_LABEL: Record<string, string> = {
  imported: 'diimpor',
  waiting: 'menunggu data',
  missing: 'data belum ada',
  invalid: 'data ditolak',
  failed: 'gagal',
  refused: 'ditolak IDX',
};

/** A share-count change as a holding's rows name it: `Split 1:5`, `Reverse split 10:1`, `Saham bonus 10:1`. */
export function shareChangeLabel(c: { type: 'split' | 'reverse_split' | 'bonus'; ratioFrom: number; ratioTo: number }) {
  const name = { split: 'Split', reverse_split: 'Reverse split', bonus: 'Saham bonus' }[c.type];
  return `${name} ${c.ratioFrom}:${c.ratioTo}`;
}

/** Alert kinds (docs/product.md §10), as a member picks them. */
export const ALERT_KIND_LABEL = {
  price_above: 'Harga di atas atau sama dengan',
  price_below: 'Harga di bawah atau sama dengan',
  move: 'Pergerakan harian melebihi ±N %',
  target: 'Target harga analisis terakhir tercapai',
  fair_value: 'Nilai wajar analisis terakhir tercapai',
  analysis: 'Analisis baru untuk kode ini',
  cum_date: 'Cum date dividen mendekat',
} as const;
