export { createAlert, deleteAlert, listAlerts, type AlertRow, type AlertResult } from './manage';
export { evaluateAlerts, type EvaluationSummary } from './evaluate';
export { deliverAlerts } from './deliver';
export { syncResearchCalls } from './calls';
export { runAlerts, describeAlertRun, type AlertRunSummary } from './run';
export { listNotices, markNoticesRead, unreadNoticeCount, type NoticeItem } from './notices';
