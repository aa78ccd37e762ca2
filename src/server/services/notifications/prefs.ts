/**
 * A member's notice preferences: the defaults of `domain/notifications.ts` with their own choices on
 * top. Only choices that differ from a default need a row, but every saved choice is kept as given.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPrefs } from '../../db/schema';
import {
  effectivePrefs,
  NOTICE_CHANNELS,
  NOTICE_EVENTS,
  type NoticeChannel,
  type NoticeEvent,
  type NoticePrefs,
} from '../../../domain/notifications';

export async function loadPrefs(db: Db, userId: string): Promise<NoticePrefs> {
  const rows = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return effectivePrefs(rows);
}

/** Ids per preference query: PostgreSQL takes at most 65 535 bind parameters in one statement. */
export const PREFS_CHUNK = 1000;

/** Preferences of many members at once (the jobs), read `PREFS_CHUNK` members per query. */
export async function loadPrefsOf(db: Db, userIds: string[]): Promise<Map<string, NoticePrefs>> {
  const rows: (typeof notificationPrefs.$inferSelect)[] = [];
  for (let i = 0; i < userIds.length; i += PREFS_CHUNK) {
    const chunk = userIds.slice(i, i + PREFS_CHUNK);
    rows.push(...(await db.select().from(notificationPrefs).where(inArray(notificationPrefs.userId, chunk))));
  }
  const byUser = new Map<string, typeof rows>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  return new Map(userIds.map((id) => [id, effectivePrefs(byUser.get(id) ?? [])]));
}

/** The form field of one toggle: `analysis-any.email`. */
export const prefField = (event: NoticeEvent, channel: NoticeChannel) => `${event}.${channel}`;

/**
 * Saves the whole settings form: a toggle present in `checked` is on, every other one off (an
 * unchecked checkbox sends nothing). Unknown fields are ignored.
 */
export async function savePrefs(db: Db, userId: string, checked: ReadonlySet<string>, now: Date): Promise<NoticePrefs> {
  const rows = NOTICE_EVENTS.flatMap((event) =>
    NOTICE_CHANNELS.map((channel) => ({
      userId,
      event,
      channel,
      enabled: checked.has(prefField(event, channel)),
      updatedAt: now,
    })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
    await tx.insert(notificationPrefs).values(rows);
  });
  return effectivePrefs(rows);
}

/** Turns one toggle on or off (the unsubscribe link). */
export async function setPref(
  db: Db,
  userId: string,
  event: NoticeEvent,
  channel: NoticeChannel,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(notificationPrefs)
    .values({ userId, event, channel, enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPrefs.userId, notificationPrefs.event, notificationPrefs.channel],
      set: { enabled, updatedAt: now },
    });
}
