export { runAlerts, describeAlertRun } from './run';
export { listNotices, markNoticesRead, unreadNoticeCount } from './notices';
export { evaluateAlerts } from './evaluate';
export { type AlertRow } from './manage';
