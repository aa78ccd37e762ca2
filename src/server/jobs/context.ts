/**
 * Everything the jobs need, built once from the configuration for `npm start` and `npm run jobs`,
 * or by hand in tests.
 */
import type { Db } from '../db/client';
import { now } from '../clock';
import { config } from '../config';
import { sendMail, type Mail } from '../integrations/mail';
import { processTelegram, type TelegramDeps } from '../services/telegram';
import { configuredOrigin } from '../site';
import { defaultSources, type NoticeSources } from '../services/notifications';
import { marketUpdateSettings, type MarketUpdateSettings } from '../services/market-update';

/** Telegram takes about 30 messages a second from a bot; broadcasts stay under it. */
const TELEGRAM_BROADCAST_PER_SECOND = 25;

export interface JobContext {
  db: Db;
  now: () => Date;
  appUrl: string;
  contentDir: string;
  /** Null when Telegram is not configured. */
  telegram: TelegramDeps | null;
  mail: (mail: Mail) => Promise<void>;
  sources: NoticeSources;
  /**
   * The market update's settings, null when no feed is configured (MARKET_FEED unset). Read when the job
   * runs, so a broken holiday file fails that job alone.
   */
  marketUpdate: () => Promise<MarketUpdateSettings | null>;
  /** Broadcast messages per second and channel. */
  broadcastRate: { email: number; telegram: number };
  /** Sends a problem a job found to monitoring (a no-op without SENTRY_DSN). */
  report: (message: string, tags: Record<string, string>) => void;
}

export async function jobContextFromConfig(db: Db): Promise<JobContext> {
  const c = config();
  return {
    db,
    now,
    appUrl: configuredOrigin(c),
    contentDir: c.CONTENT_DIR,
    telegram: await processTelegram(db),
    mail: sendMail,
    sources: defaultSources(db),
    marketUpdate: () => marketUpdateSettings(c),
    broadcastRate: { email: c.BROADCAST_EMAILS_PER_SECOND, telegram: TELEGRAM_BROADCAST_PER_SECOND },
    // Loaded on first use: Sentry starts only where a problem is reported and SENTRY_DSN is set.
    report: (message, tags) =>
      void import('../integrations/sentry').then((m) => m.captureJobProblem(message, tags)).catch(() => undefined),
  };
}
