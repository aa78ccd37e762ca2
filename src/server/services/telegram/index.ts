/**
 * The Telegram services of this process, built once from the configuration: null when Telegram is not
 * configured (no bot token or username), and every Telegram feature then says so instead of failing.
 */
import { now } from '../../clock';
import { config } from '../../config';
import { getDb } from '../../db/client';
import { createTelaahBot } from './bot';
import { configuredOrigin } from '../../site';
import { groupChats, telegramSettings, type TelegramDeps } from './context';

let cached: Promise<TelegramDeps | null> | undefined;

export function processTelegram(): Promise<TelegramDeps | null> {
  cached ??= (async () => {
    const c = config();
    const settings = telegramSettings(c);
    if (!settings) return null;
    return createTelaahBot({ db: await getDb(), settings, groups: groupChats(c), appUrl: configuredOrigin(c), now });
  })();
  return cached;
}

export type { TelegramDeps } from './context';
