/** Member accounts: sign-up and sign-in, e-mail tokens, password reset, two-factor sign-in and the account settings. */
export {
  confirmEmailToken,
  type FieldErrors,
  findUserByEmail,
  findUserById,
  signInWithPassword,
  signUp,
  type User,
  userForSso,
} from './accounts';
export { issueEmailToken, sha256 } from './email-tokens';
export {
  requestPasswordReset,
  RESET_LINK_INVALID,
  RESET_REQUESTED,
  resetLinkUsable,
  resetPassword,
} from './password-reset';
export {
  changePassword,
  deleteAccount,
  exportData,
  requestEmailChange,
  type SettingsResult,
  ssoProviders,
  updateName,
} from './settings';
export {
  beginEnrolment,
  checkSecondFactor,
  completeSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  enableTwoFactorWithSecret,
  regenerateRecoveryCodes,
  twoFactorState,
} from './two-factor';
