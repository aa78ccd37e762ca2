/** Notifications: what members are told, their preferences, unsubscribe links and the delivery job. */
export { type CatalogAnalysis } from './catalog';
export { type NoticeSummary, runNotices } from './job';
export { defaultSources, type NoticeSources } from './lookups';
export { loadPrefs, prefField, savePrefs, setPref } from './prefs';
export { applyUnsubscribeLink, verifyUnsubscribe } from './unsubscribe';
