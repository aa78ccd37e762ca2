/**
 * The notices of docs/product.md §7.4: events, channels, labels and the defaults a member starts with. The
 * settings page, the jobs and the unsubscribe link all read them here.
 */
export const NOTICE_EVENTS = [
  'analysis-holding',
  'analysis-any',
  'dividend-reminder',
  'dividend-tax',
  'membership-ending',
  'lesson-new',
  'status-change',
  'rights-deadline',
  'alerts',
  'announcements',
] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

export const NOTICE_CHANNELS = ['email', 'telegram'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const EVENT_TEXT: Record<NoticeEvent, { label: string; description: string }> = {
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

/**
 * Defaults: what concerns the member directly is on everywhere; every new analysis is on in Telegram
 * only (a short message), so inboxes are not flooded; new lessons by email only.
 */
const DEFAULTS: Record<NoticeEvent, Record<NoticeChannel, boolean>> = {
  'analysis-holding': { email: true, telegram: true },
  'analysis-any': { email: false, telegram: true },
  'dividend-reminder': { email: true, telegram: true },
  'dividend-tax': { email: true, telegram: true },
  'membership-ending': { email: true, telegram: true },
  'lesson-new': { email: true, telegram: false },
  'status-change': { email: true, telegram: true },
  'rights-deadline': { email: true, telegram: true },
  alerts: { email: true, telegram: true },
  announcements: { email: true, telegram: true },
};

export type NoticePrefs = Record<NoticeEvent, Record<NoticeChannel, boolean>>;

export interface PrefOverride {
  event: NoticeEvent;
  channel: NoticeChannel;
  enabled: boolean;
}

/** The defaults with a member's own choices applied. */
export function effectivePrefs(overrides: readonly PrefOverride[]): NoticePrefs {
  const prefs = Object.fromEntries(NOTICE_EVENTS.map((e) => [e, { ...DEFAULTS[e] }])) as NoticePrefs;
  for (const o of overrides) {
    if (prefs[o.event]) prefs[o.event][o.channel] = o.enabled;
  }
  return prefs;
}

export function isNoticeEvent(s: string): s is NoticeEvent {
  return (NOTICE_EVENTS as readonly string[]).includes(s);
}
