/**
 * The notices of docs/product.md §7.4: events, channels and the defaults a member starts with. The
 * settings page, the jobs and the unsubscribe link all read them here; their words are `NOTICE_EVENT_TEXT` in `src/lib/labels.ts`.
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
