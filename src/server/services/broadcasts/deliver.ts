/**
 * The broadcasts job: delivers the pending rows of every unfinished broadcast, oldest first, in batches,
 * at a bounded rate per channel. Each row is claimed (`pending` → `sending`, committed) before its
 * provider is called and marked `sent` or `failed` after, so a crash can never send it twice: a row a
 * later run finds in `sending` was cut off and becomes `uncertain`, never sent again (decision 0039).
 * Preferences are read again per batch, so a member who turned announcements off after the send is
 * skipped.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { broadcastDeliveries, broadcasts, users } from '../../db/schema';
import type { Mail } from '../../integrations/mail';
import { TelegramApiError } from '../../integrations/telegram';
import { SKIP_REASONS } from '../../../domain/broadcasts';
import type { NoticeChannel } from '../../../domain/notifications';
import { loadPrefsOf } from '../notifications/prefs';
import { broadcastEmail } from './message';
import { renderBroadcast, telegramMessage, type RenderedBroadcast } from './markdown';
import { log } from '../../log';

export interface BroadcastSenders {
  mail(mail: Mail): Promise<void>;
  /** Sends Telegram HTML; null when Telegram is not configured. */
  telegram: ((chatId: number, html: string) => Promise<void>) | null;
}

export interface BroadcastRunDeps {
  db: Db;
  now: () => Date;
  appUrl: string;
  senders: BroadcastSenders;
  /** Messages per second and channel. */
  rate: Record<NoticeChannel, number>;
  /** Rows claimed per query. */
  batchSize?: number;
  /** Stop claiming after this many messages (what is left resumes on the next run). */
  maxMessages?: number;
  /** Stop claiming after this many milliseconds. */
  maxMs?: number;
}

export interface BroadcastRunSummary {
  broadcasts: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Rows left in `sending` by a run that died, now `uncertain`. */
  uncertain: number;
  /** Pending rows left for the next run. */
  left: number;
}

/** Resolves callers at least `1000 / perSecond` ms apart. */
function pacer(perSecond: number): () => Promise<void> {
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

/**
 * Rows a run that died left in `sending`. The job holds its advisory lock, so no other run is sending
 * them now: their outcome is unknown and they are not sent again.
 */
async function markCrashed(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(broadcastDeliveries)
    .set({ status: 'uncertain', reason: SKIP_REASONS.crashed, doneAt: now })
    .where(eq(broadcastDeliveries.status, 'sending'))
    .returning({ id: broadcastDeliveries.id });
  return rows.length;
}

async function finish(db: Db, broadcastId: string, now: Date): Promise<boolean> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(broadcastDeliveries)
    .where(
      and(
        eq(broadcastDeliveries.broadcastId, broadcastId),
        inArray(broadcastDeliveries.status, ['pending', 'sending']),
      ),
    );
  if (Number(open?.n ?? 0) > 0) return false;
  await db
    .update(broadcasts)
    .set({ finishedAt: now })
    .where(and(eq(broadcasts.id, broadcastId), isNull(broadcasts.finishedAt)));
  return true;
}

/** Why a provider refused, in a line for the console. */
const failure = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

export async function runBroadcasts(deps: BroadcastRunDeps): Promise<BroadcastRunSummary> {
  const { db } = deps;
  const batchSize = deps.batchSize ?? 100;
  const started = Date.now();
  const summary: BroadcastRunSummary = { broadcasts: 0, sent: 0, skipped: 0, failed: 0, uncertain: 0, left: 0 };
  summary.uncertain = await markCrashed(db, deps.now());
  const pace = { email: pacer(deps.rate.email), telegram: pacer(deps.rate.telegram) };
  const budgetLeft = () =>
    (deps.maxMessages === undefined || summary.sent + summary.failed < deps.maxMessages) &&
    (deps.maxMs === undefined || Date.now() - started < deps.maxMs);

  const open = await db
    .select()
    .from(broadcasts)
    .where(isNull(broadcasts.finishedAt))
    .orderBy(asc(broadcasts.createdAt), asc(broadcasts.id));
  for (const b of open) {
    summary.broadcasts++;
    const rendered: RenderedBroadcast = renderBroadcast(b.body);
    const tg = telegramMessage(b.title, rendered);
    // Keyset paging: each batch starts after the last row of the one before, so a query reads one batch
    // from the (broadcast, status, id) index however many rows the broadcast has, never the whole list.
    let after: string | null = null;
    while (budgetLeft()) {
      const batch = await db
        .select({
          id: broadcastDeliveries.id,
          userId: broadcastDeliveries.userId,
          channel: broadcastDeliveries.channel,
          address: broadcastDeliveries.address,
          name: users.name,
        })
        .from(broadcastDeliveries)
        .innerJoin(users, eq(users.id, broadcastDeliveries.userId))
        .where(
          and(
            eq(broadcastDeliveries.broadcastId, b.id),
            eq(broadcastDeliveries.status, 'pending'),
            after === null ? undefined : gt(broadcastDeliveries.id, after),
          ),
        )
        .orderBy(asc(broadcastDeliveries.id))
        .limit(batchSize);
      if (!batch.length) break;
      after = batch[batch.length - 1]!.id;
      const prefs = await loadPrefsOf(db, [...new Set(batch.map((r) => r.userId))]);
      for (const row of batch) {
        if (!budgetLeft()) break;
        const now = deps.now();
        if (!prefs.get(row.userId)!.announcements[row.channel]) {
          await db
            .update(broadcastDeliveries)
            .set({ status: 'skipped', reason: SKIP_REASONS.optedOut, doneAt: now })
            .where(and(eq(broadcastDeliveries.id, row.id), eq(broadcastDeliveries.status, 'pending')));
          summary.skipped++;
          continue;
        }
        if (row.channel === 'telegram' && !deps.senders.telegram) {
          await db
            .update(broadcastDeliveries)
            .set({ status: 'skipped', reason: SKIP_REASONS.telegramOff, doneAt: now })
            .where(and(eq(broadcastDeliveries.id, row.id), eq(broadcastDeliveries.status, 'pending')));
          summary.skipped++;
          continue;
        }
        await pace[row.channel]();
        // The claim is its own committed statement: from here on, this row is never sent again.
        const [claimed] = await db
          .update(broadcastDeliveries)
          .set({ status: 'sending', claimedAt: deps.now() })
          .where(and(eq(broadcastDeliveries.id, row.id), eq(broadcastDeliveries.status, 'pending')))
          .returning({ id: broadcastDeliveries.id });
        if (!claimed) continue;
        let outcome: { status: 'sent' | 'failed'; reason: string | null };
        try {
          if (row.channel === 'email') {
            await deps.senders.mail(
              broadcastEmail(b, { userId: row.userId, name: row.name, email: row.address! }, rendered, deps.appUrl),
            );
          } else {
            await deps.senders.telegram!(Number(row.address), tg.html);
          }
          outcome = { status: 'sent', reason: null };
          summary.sent++;
        } catch (err) {
          outcome = { status: 'failed', reason: failure(err) };
          summary.failed++;
          log('error', 'broadcast message not delivered', {
            broadcastId: b.id,
            channel: row.channel,
            permanent: err instanceof TelegramApiError ? err.permanent : undefined,
            error: failure(err),
          });
        }
        await db
          .update(broadcastDeliveries)
          .set({ ...outcome, doneAt: deps.now() })
          .where(and(eq(broadcastDeliveries.id, row.id), eq(broadcastDeliveries.status, 'sending')));
      }
    }
    if (!(await finish(db, b.id, deps.now()))) {
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(broadcastDeliveries)
        .where(and(eq(broadcastDeliveries.broadcastId, b.id), eq(broadcastDeliveries.status, 'pending')));
      summary.left += Number(left?.n ?? 0);
    }
  }
  return summary;
}

export function describeBroadcastRun(s: BroadcastRunSummary): string {
  if (!s.broadcasts && !s.uncertain) return 'no broadcast to send';
  return `${s.broadcasts} broadcasts: ${s.sent} sent, ${s.skipped} skipped, ${s.failed} failed, ${s.uncertain} uncertain after a crash, ${s.left} left`;
}
