/** The Telegram settings the e2e server runs with (its Bot API is the stand-in), shared by config and tests. */
export const TELEGRAM_E2E = {
  token: '4242424:e2e-bot-token',
  username: 'TelaahE2EBot',
  webhookSecret: 'e2e-webhook-secret-0123456789',
  groups: { reguler: '-1004001', premium: '-1004002' },
} as const;
