/**
 * The Indonesian words the UI shows for the app's enumerations, in one place: pages, components,
 * services, mails and the Telegram bot all read them here. Types come from the layers that own the
 * values; this module holds only words.
 */
import type { Tier } from '../domain/tiers';
import type { NoticeChannel } from '../domain/notifications';
import type { RiskClass } from '../domain/recommendations';
import type { TelegramGroup } from '../domain/telegram-groups';
import type { RiskProfile } from '../domain/risk-profile';
import type { TransactionType } from '../domain/portfolio/types';
import type { PaymentStatus } from '../server/db/schema';
import type { Payment } from '../server/services/payments/fulfil';

export const TIER_LABEL: Record<Tier, string> = { gratis: 'Gratis', reguler: 'Reguler', premium: 'Premium' };

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
export const TYPE_LABEL: Record<TransactionType, string> = { buy: 'beli', sell: 'jual', dividend: 'dividen' };

export const PROVIDER_LABEL: Record<Payment['provider'], string> = { stripe: 'Stripe (kartu)', midtrans: 'Midtrans' };

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
