/**
 * `npm run telegram:webhook`: tells Telegram to deliver the bot's updates (messages and join
 * requests) to APP_URL/api/telegram/webhook with TELEGRAM_WEBHOOK_SECRET. Run once per deployment
 * (and again when APP_URL or the secret changes). Telegram only calls HTTPS URLs.
 */
import './lib/env';
import { config, ConfigError } from '../src/server/config';
import { createTelegram } from '../src/server/integrations/telegram';
import { configuredOrigin } from '../src/server/site';
import { telegramSettings } from '../src/server/services/telegram';

async function main(): Promise<void> {
  const c = config();
  const settings = telegramSettings(c);
  if (!settings)
    throw new ConfigError('Configuration error: TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME are required');
  if (!settings.webhookSecret) throw new ConfigError('Configuration error: TELEGRAM_WEBHOOK_SECRET is required');
  const url = `${configuredOrigin(c)}/api/telegram/webhook`;
  await createTelegram(settings).setWebhook(url);
  console.log(`Webhook set: ${url}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
