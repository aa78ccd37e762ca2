/**
 * Sends drafts at most once per member, event, channel and subject: the notice row is claimed first
 * (a unique key; a conflict means another run or server sent it), then the message goes out. A
 * failure that may pass (SMTP or Telegram unreachable) gives the claim back for the next run; a
 * permanent Telegram refusal (the member blocked the bot) keeps it.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';
import type { Mail } from '../../integrations/mail';
import { TelegramApiError } from '../../integrations/telegram';
import type { NoticeChannel } from '../../../domain/notifications';
import { renderEmail, renderTelegram, type NoticeDraft } from './message';
import { log } from '../../log';

export interface Senders {
  mail(mail: Mail): Promise<void>;
  /** Null when Telegram is not configured. */
  telegram: ((chatId: number, text: string) => Promise<void>) | null;
}

export interface DeliverySummary {
  sent: number;
  /** Already sent by an earlier run. */
  skipped: number;
  failed: number;
}

async function send(d: NoticeDraft, channel: NoticeChannel, senders: Senders, appUrl: string): Promise<void> {
  if (channel === 'email') return senders.mail(renderEmail(d, appUrl));
  if (!senders.telegram || d.recipient.telegramUserId === null) throw new Error('telegram not available');
  return senders.telegram(d.recipient.telegramUserId, renderTelegram(d, appUrl));
}

const key = (userId: string, event: string, channel: string, subject: string) =>
  `${userId}\n${event}\n${channel}\n${subject}`;

/** Keys of notices sent earlier for these drafts' subjects: one query instead of a failed claim per member. */
async function alreadySent(db: Db, drafts: NoticeDraft[]): Promise<Set<string>> {
  const subjects = [...new Set(drafts.map((d) => d.subject))];
  if (!subjects.length) return new Set();
  const rows = await db
    .select({ userId: notices.userId, event: notices.event, channel: notices.channel, subject: notices.subject })
    .from(notices)
    .where(inArray(notices.subject, subjects));
  return new Set(rows.map((r) => key(r.userId, r.event, r.channel, r.subject)));
}

export async function deliver(
  db: Db,
  drafts: NoticeDraft[],
  senders: Senders,
  opts: { now: Date; appUrl: string },
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, skipped: 0, failed: 0 };
  const done = await alreadySent(db, drafts);
  for (const d of drafts) {
    for (const channel of d.channels) {
      if (done.has(key(d.recipient.userId, d.event, channel, d.subject))) {
        summary.skipped++;
        continue;
      }
      const [claim] = await db
        .insert(notices)
        .values({ userId: d.recipient.userId, event: d.event, channel, subject: d.subject, sentAt: opts.now })
        .onConflictDoNothing()
        .returning({ id: notices.id });
      if (!claim) {
        summary.skipped++;
        continue;
      }
      try {
        await send(d, channel, senders, opts.appUrl);
        summary.sent++;
      } catch (err) {
        const permanent = err instanceof TelegramApiError && err.permanent;
        if (!permanent) await db.delete(notices).where(eq(notices.id, claim.id));
        summary.failed++;
        log('error', 'notice not delivered', { event: d.event, channel, retry: !permanent, error: String(err) });
      }
    }
  }
  return summary;
}
