/**
 * Linking through the Telegram Login Widget: a correct hash, a recent `auth_date`, and each callback
 * used once (its hash is recorded; a replay of the same URL is refused).
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramLoginUses } from '../../db/schema';
import { checkLoginWidget, LOGIN_MAX_AGE_S } from '../../auth/telegram-login';
import { linkAccount, type TelegramLink } from './link';

export type WidgetResult =
  { ok: true; link: TelegramLink } | { ok: false; reason: 'invalid' | 'stale' | 'reused' | 'taken' };

export async function linkByWidget(
  db: Db,
  userId: string,
  fields: Record<string, string>,
  botToken: string,
  now: Date,
): Promise<WidgetResult> {
  const check = checkLoginWidget(fields, botToken, now);
  if (!check.ok) return check;
  const claimed = await db
    .insert(telegramLoginUses)
    .values({ hash: check.hash, usedAt: now })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return { ok: false, reason: 'reused' };
  return linkAccount(db, userId, check.user, 'widget', now);
}

/** Forgets used callbacks once they are too old to pass the freshness check anyway (housekeeping). */
export async function purgeLoginUses(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 2 * LOGIN_MAX_AGE_S * 1000);
  const gone = await db
    .delete(telegramLoginUses)
    .where(lt(telegramLoginUses.usedAt, cutoff))
    .returning({ h: telegramLoginUses.hash });
  return gone.length;
}
