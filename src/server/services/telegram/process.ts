/**
 * The Telegram services of this process, built once from the configuration: null when Telegram is not
 * configured (no bot token or username), and every Telegram feature then says so instead of failing.
 */
import { now } from '../../clock';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { createTelaahBot } from './bot';
import { configuredOrigin } from '../../site';
import { groupChats, telegramSettings, type TelegramDeps } from './context';

const cached = new WeakMap<Db, Promise<TelegramDeps | null>>();

/** The Telegram services over `db`, built once per database (one in a running server). */
export function processTelegram(db: Db): Promise<TelegramDeps | null> {
  let deps = cached.get(db);
  deps ??= (async () => {
    const c = config();
    const settings = telegramSettings(c);
    if (!settings) return null;
    return createTelaahBot({ db, settings, groups: groupChats(c), appUrl: configuredOrigin(c), now });
  })();
  cached.set(db, deps);
  return deps;
}
