/**
 * The Telegram Login Widget callback check (https://core.telegram.org/widgets/login): the hash is the
 * hex HMAC-SHA256 of the data-check-string (every received field but `hash`, as `key=value`, sorted by
 * key, joined by newlines) keyed with SHA-256(bot token); `auth_date` must be recent.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramUser } from '../integrations/telegram';

/** How old a widget callback may be. The widget signs at the moment the user confirms, so minutes suffice. */
export const LOGIN_MAX_AGE_S = 5 * 60;
/** Tolerated clock difference for an `auth_date` slightly in the future. */
const FUTURE_SKEW_S = 60;

export type LoginCheck = { ok: true; user: TelegramUser; hash: string } | { ok: false; reason: 'invalid' | 'stale' };

export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
}

/** The hash Telegram would send for `fields` (also what tests sign with). */
export function loginHash(fields: Record<string, string>, botToken: string): string {
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(dataCheckString(fields)).digest('hex');
}

/** Checks a widget callback's fields (the query string of /telegram/verify) at `now`. */
export function checkLoginWidget(fields: Record<string, string>, botToken: string, now: Date): LoginCheck {
  const given = fields.hash ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(loginHash(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'invalid' };
  const id = Number(fields.id);
  const authDate = Number(fields.auth_date);
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(authDate) || !fields.first_name)
    return { ok: false, reason: 'invalid' };
  const age = now.getTime() / 1000 - authDate;
  if (age > LOGIN_MAX_AGE_S || age < -FUTURE_SKEW_S) return { ok: false, reason: 'stale' };
  return { ok: true, user: { id, firstName: fields.first_name, username: fields.username || undefined }, hash: given };
}
