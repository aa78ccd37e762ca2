/**
 * The Indonesian words the UI shows for the app's enumerations, in one place: pages, components,
 * services, mails and the Telegram bot all read them here. Types come from the layers that own the
 * values; this module holds only words.
 */
import type { Tier } from '../domain/tiers';
import type { PaidTier } from '../domain/plans';
import type { NoticeChannel, NoticeEvent } from '../domain/notifications';
import type { AnalysisKind, AnalysisSort, Rating } from '../domain/analyses';
import type { RiskClass } from '../domain/recommendations';
import type { TelegramGroup } from '../domain/telegram-groups';
import type { RiskProfile } from '../domain/risk-profile';
import type { AnyPeriod } from '../domain/portfolio/period';
import type { TransactionType } from '../domain/portfolio/types';
import type { PaymentProviderId, PaymentStatus } from '../domain/payments';
import type { MEMBER_STATUSES, TELEGRAM_LINKED } from '../server/services/admin/members';
import type { SortDirection } from '../domain/sort-direction';

export const TIER_LABEL: Record<Tier, string> = { gratis: 'Gratis', reguler: 'Reguler', premium: 'Premium' };

/** What each tier grants, in the words members see (the access matrix of docs/product.md §1). */
export const TIER_BENEFITS: Record<Tier, readonly string[]> = {
  gratis: [
    'Analisis gratis dan teaser seluruh analisis',
    'Pelajaran gratis dan kursus Dasar-dasar',
    'Pelacak portofolio lengkap: transaksi, dividen, kinerja',
  ],
  reguler: [
    'Semua manfaat Gratis',
    'Analisis emiten bertanda Reguler',
    'Semua kursus Reguler',
    'Rekomendasi sesuai profil risiko Anda',
    'Grup Telegram Reguler',
  ],
  premium: [
    'Semua manfaat Reguler',
    'Analisis Premium dan seluruh analisis non-emiten (makro, obligasi, emas, IPO)',
    'Semua kursus, termasuk Valuasi',
    'Grup Telegram Premium',
  ],
};

/** `Reguler 3 bulan`. */
export function planLabel(plan: { tier: PaidTier; months: number }): string {
  return `${TIER_LABEL[plan.tier]} ${plan.months} bulan`;
}

export const CHANNEL_LABEL: Record<NoticeChannel, string> = { email: 'Email', telegram: 'Telegram' };

/** A notice event as the settings page, the unsubscribe page and the mails' footers name and explain it. */
export const NOTICE_EVENT_TEXT: Record<NoticeEvent, { label: string; description: string }> = {
  'analysis-holding': {
    label: 'Analisis baru emiten yang saya pegang',
    description: 'Saat terbit analisis untuk saham yang ada di portofolio Anda.',
  },
  'analysis-any': {
    label: 'Semua analisis baru',
    description: 'Setiap analisis baru, emiten maupun non-emiten (makro, obligasi, emas, dan lainnya).',
  },
  'dividend-reminder': {
    label: 'Pengingat dividen',
    description: 'Tiga hari bursa sebelum cum date dividen saham yang Anda pegang.',
  },
  'dividend-tax': {
    label: 'Batas pajak dividen',
    description:
      'Tujuh hari dan satu hari sebelum batas setor PPh atau batas investasi dividen yang statusnya belum ditentukan.',
  },
  'membership-ending': {
    label: 'Keanggotaan akan berakhir',
    description: 'Tujuh hari dan satu hari sebelum masa aktif paket Anda habis.',
  },
  'lesson-new': {
    label: 'Pelajaran baru di kursus yang saya ikuti',
    description: 'Saat kursus yang sudah Anda mulai mendapat pelajaran baru.',
  },
  'status-change': {
    label: 'Perubahan status saham yang saya pegang',
    description: 'Notasi khusus, Papan Pemantauan Khusus atau suspensi berubah; dikirim malam itu juga.',
  },
  'rights-deadline': {
    label: 'Batas tebus HMETD',
    description: 'Tiga hari bursa sebelum akhir periode pelaksanaan HMETD saham yang Anda pegang.',
  },
  alerts: {
    label: 'Alert watchlist',
    description:
      'Alert harga, pergerakan, target, analisis baru, dan cum date yang Anda pasang; satu pesan per hari bursa.',
  },
  announcements: {
    label: 'Pengumuman dari Telaah',
    description: 'Kabar dari tim Telaah untuk anggota, misalnya kelas langsung atau perubahan layanan.',
  },
};

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

/** A transaction type where it starts a sentence or a cell of its own: `Beli`, `Tebus HMETD`. */
export function typeTitle(type: TransactionType): string {
  const label = TYPE_LABEL[type];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

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

export const RATING_LABEL: Record<Rating, string> = { beli: 'Beli', tahan: 'Tahan', jual: 'Jual' };

export const ANALYSIS_KIND_LABEL: Record<AnalysisKind, string> = { emiten: 'Emiten', 'non-emiten': 'Non-emiten' };

export const ANALYSIS_SORT_LABEL: Record<AnalysisSort, string> = { tanggal: 'Terbaru', upside: 'Potensi kenaikan' };

/** A filter form's select: the query parameter, its label, the value chosen, and the options. */
export interface SelectFilter {
  name: string;
  label: string;
  value: string;
  /** The first option, the empty value, in these words (`Semua`): the filter is off. */
  all?: string;
  options: [string, string][];
}

/** The options of a select generated from a domain enumeration, in its order: `[value, word]` pairs. */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>): [V, string][] {
  return values.map((v) => [v, labels[v]]);
}

/** A portfolio period's short name on its button (1B = 1 bulan, 1T = 1 tahun). */
export const PERIOD_LABEL: Record<AnyPeriod, string> = {
  '1b': '1B',
  '3b': '3B',
  ytd: 'YTD',
  '1t': '1T',
  '3t': '3T',
  semua: 'Semua',
  kustom: 'Kustom',
};

/** What a portfolio period covers, in words (the button's title, "Periode …" lines). */
export const PERIOD_TITLE: Record<AnyPeriod, string> = {
  '1b': '1 bulan terakhir',
  '3b': '3 bulan terakhir',
  ytd: 'sejak awal tahun',
  '1t': '1 tahun terakhir',
  '3t': '3 tahun terakhir',
  semua: 'sejak transaksi pertama',
  kustom: 'pilihan Anda',
};

/** The words of a list's order direction. */
export const SORT_DIRECTION_LABEL: Record<SortDirection, string> = { naik: 'Naik', turun: 'Turun' };

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

/** The admin member search's filters (`?status=`, `?telegram=`). */
export const MEMBER_STATUS_LABEL: Record<(typeof MEMBER_STATUSES)[number], string> = {
  aktif: 'Akses berjalan',
  berakhir: 'Akses berakhir',
  belum: 'Belum pernah berlangganan',
};
export const TELEGRAM_LINKED_LABEL: Record<(typeof TELEGRAM_LINKED)[number], string> = {
  ya: 'Tertaut',
  tidak: 'Belum tertaut',
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
