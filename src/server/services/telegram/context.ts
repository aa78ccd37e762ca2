/**
 * What the Telegram services need: the database, the bot, the group chat ids, the public base URL and
 * the clock. Built from the configuration for the server and the CLIs, by hand in tests.
 */
import type { Db } from '../../db/client';
import type { Telegram, TelegramSettings } from '../../integrations/telegram';
import type { TelegramGroup } from '../../../domain/telegram-groups';
import type { Config } from '../../config';

export type GroupChats = Partial<Record<TelegramGroup, string>>;

export interface TelegramDeps {
  db: Db;
  tg: Telegram;
  groups: GroupChats;
  /** Public base URL without a trailing slash, for links in bot messages. */
  appUrl: string;
  now: () => Date;
}

/** The bot settings, or null when Telegram is not configured (no token or username). */
export function telegramSettings(c: Config): TelegramSettings | null {
  if (!c.TELEGRAM_BOT_TOKEN || !c.TELEGRAM_BOT_USERNAME) return null;
  return {
    token: c.TELEGRAM_BOT_TOKEN,
    username: c.TELEGRAM_BOT_USERNAME.replace(/^@/, ''),
    apiRoot: c.TELEGRAM_API_ROOT?.replace(/\/$/, ''),
    webhookSecret: c.TELEGRAM_WEBHOOK_SECRET,
  };
}

export function groupChats(c: Config): GroupChats {
  const groups: GroupChats = {};
  if (c.TELEGRAM_GROUP_REGULER_ID) groups.reguler = c.TELEGRAM_GROUP_REGULER_ID;
  if (c.TELEGRAM_GROUP_PREMIUM_ID) groups.premium = c.TELEGRAM_GROUP_PREMIUM_ID;
  return groups;
}
