/** What the Telegram and notices features hold on a member, for "download my data". */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';
import { findLink } from '../telegram/link';
import { loadPrefs } from './prefs';

export async function telegramAndNoticeData(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [link, prefs, sent] = await Promise.all([
    findLink(db, userId),
    loadPrefs(db, userId),
    db
      .select({ event: notices.event, channel: notices.channel, subject: notices.subject, sentAt: notices.sentAt })
      .from(notices)
      .where(eq(notices.userId, userId)),
  ]);
  const telegram = link && {
    telegramUserId: link.telegramUserId,
    username: link.username,
    firstName: link.firstName,
    linkedVia: link.via,
    linkedAt: link.linkedAt,
  };
  return { telegram, notificationPreferences: prefs, noticesSent: sent };
}
