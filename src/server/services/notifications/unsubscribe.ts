/**
 * The one-click unsubscribe link in every notice email: it names the member and the event and is
 * signed with HMAC-SHA256 under the app secret, so it works without signing in and cannot be forged
 * for another member or event.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '../../auth/secret';
import { isNoticeEvent, type NoticeEvent } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { findUserById } from '../accounts/accounts';
import { setPref } from './prefs';

const sign = (userId: string, event: NoticeEvent) =>
  createHmac('sha256', authSecret()).update(`unsubscribe\n${userId}\n${event}`).digest('base64url');

export function unsubscribeUrl(appUrl: string, userId: string, event: NoticeEvent): string {
  const q = new URLSearchParams({ u: userId, e: event, t: sign(userId, event) });
  return `${appUrl}/api/notifications/unsubscribe?${q}`;
}

/** The member and event of a genuine link, or null. */
export function verifyUnsubscribe(params: URLSearchParams): { userId: string; event: NoticeEvent } | null {
  const userId = params.get('u') ?? '';
  const event = params.get('e') ?? '';
  const token = params.get('t') ?? '';
  if (!/^[0-9a-f-]{36}$/.test(userId) || !isNoticeEvent(event) || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const ok = timingSafeEqual(Buffer.from(sign(userId, event)), Buffer.from(token));
  return ok ? { userId, event } : null;
}

/**
 * Applies a link: turns the email of its event off (`subscribed` false, the link itself) or back on
 * (the undo button). Returns the event, or null when the link is not genuine or the account is gone;
 * then nothing is written.
 */
export async function applyUnsubscribeLink(
  db: Db,
  params: URLSearchParams,
  subscribed: boolean,
  now: Date,
): Promise<NoticeEvent | null> {
  const link = verifyUnsubscribe(params);
  if (!link || !(await findUserById(db, link.userId))) return null;
  await setPref(db, link.userId, link.event, 'email', subscribed, now);
  return link.event;
}
