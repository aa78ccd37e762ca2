/**
 * The member's in-app notices (`/notifikasi`) and the unread count in the header: only their own rows.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEvents } from '../../db/schema';
import { alertText } from '../../../lib/alert-text';

export interface NoticeItem {
  id: string;
  ticker: string;
  text: string;
  link: string;
  createdAt: Date;
  unread: boolean;
}

export async function listNotices(db: Db, userId: string, limit = 100): Promise<NoticeItem[]> {
  const rows = await db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.userId, userId))
    .orderBy(desc(alertEvents.createdAt), desc(alertEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    ticker: r.ticker,
    text: alertText({ ...r, prevPrice: r.prevPrice }),
    link: r.link ?? `/analisis/${r.ticker}`,
    createdAt: r.createdAt,
    unread: r.readAt === null,
  }));
}

export async function unreadNoticeCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alertEvents)
    .where(and(eq(alertEvents.userId, userId), isNull(alertEvents.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks every unread notice of the member read; answers how many. */
export async function markNoticesRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(alertEvents)
    .set({ readAt: now })
    .where(and(eq(alertEvents.userId, userId), isNull(alertEvents.readAt)))
    .returning({ id: alertEvents.id });
  return rows.length;
}
