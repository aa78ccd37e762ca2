/** The admin console's services: members, access, refunds, the overview and its CSV, and impersonation. */
export { type ActionResult, endGrantedAccess, grantAccess, signOutEverywhere } from './access';
export {
  activeImpersonation,
  endImpersonation,
  IMPERSONATION_MINUTES,
  recentImpersonationLog,
  searchMembers,
  startImpersonation,
} from './impersonation';
export { MEMBER_STATUSES, memberDetail, memberFilterSchema, searchAdminMembers, TELEGRAM_LINKED } from './members';
export { adminOverview } from './overview';
export { overviewCsv } from './overview-csv';
export { refundPayment } from './refunds';
