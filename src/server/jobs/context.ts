/**
 * Everything the jobs need, built once from the configuration for `npm start` and `npm run jobs`,
 * or by hand in tests.
 */
import type { Db } from '../db/client';
import { config, now } from '../config';
import { sendMail, type Mail } from '../integrations/mail';
import { processTelegram, type TelegramDeps } from '../services/telegram';
import { appUrl } from '../services/telegram/context';
import { defaultSources, type NoticeSources } from '../services/notifications/lookups';

export interface JobContext {
  db: Db;
  now: () => Date;
  appUrl: string;
  contentDir: string;
  /** Null when Telegram is not configured. */
  telegram: TelegramDeps | null;
  mail: (mail: Mail) => Promise<void>;
  sources: NoticeSources;
}

export async function jobContextFromConfig(db: Db): Promise<JobContext> {
  const c = config();
  return {
    db,
    now,
    appUrl: appUrl(c),
    contentDir: c.CONTENT_DIR,
    telegram: await processTelegram(),
    mail: sendMail,
    sources: defaultSources(db),
  };
}
