export { runAlerts, describeAlertRun } from './run';
export { listNotices, markNoticesRead, unreadNoticeCount } from './notices';
