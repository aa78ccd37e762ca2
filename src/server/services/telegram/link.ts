/**
 * Linking a Telegram account to a member: one-time `/start` tokens (15 minutes, single use, only their
 * SHA-256 stored), the link itself (one Telegram account ↔ one member) and unlinking.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramInvites, telegramLinks, telegramLinkTokens } from '../../db/schema';
import type { TelegramUser } from '../../integrations/telegram';
import { sha256 } from '../accounts/email-tokens';
import { audit } from '../audit';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';

const LINK_TOKEN_TTL_MS = 15 * 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export type TelegramLink = typeof telegramLinks.$inferSelect;

/** A new `/start` token for the member (earlier unused ones stop working); the only time it exists in plain. */
export async function issueLinkToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
    await tx
      .insert(telegramLinkTokens)
      .values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_MS) });
  });
  return token;
}

/** Uses up a token: the member it was issued to, or null when it is unknown, used or expired. */
export async function consumeLinkToken(db: Db, token: string, now: Date): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .delete(telegramLinkTokens)
    .where(and(eq(telegramLinkTokens.tokenHash, sha256(token)), gt(telegramLinkTokens.expiresAt, now)))
    .returning({ userId: telegramLinkTokens.userId });
  return row?.userId ?? null;
}

export async function findLink(db: Db, userId: string): Promise<TelegramLink | null> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row ?? null;
}

export async function findLinkByTelegramId(db: Db, telegramUserId: number): Promise<TelegramLink | null> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, telegramUserId));
  return row ?? null;
}

export type LinkResult = { ok: true; link: TelegramLink } | { ok: false; reason: 'taken' };

/**
 * Links `tg` to the member, replacing the member's earlier Telegram account if any. Refused when that
 * Telegram account already belongs to another member.
 */
export async function linkAccount(
  db: Db,
  userId: string,
  tg: TelegramUser,
  via: 'start' | 'widget',
  now: Date,
): Promise<LinkResult> {
  const owner = await findLinkByTelegramId(db, tg.id);
  if (owner && owner.userId !== userId) return { ok: false, reason: 'taken' };
  const values = { telegramUserId: tg.id, username: tg.username ?? null, firstName: tg.firstName, via, linkedAt: now };
  try {
    const [link] = await db
      .insert(telegramLinks)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: values })
      .returning();
    await audit(db, { at: now, actorId: userId, subjectId: userId, action: 'telegram.link', details: { via } });
    return { ok: true, link: link! };
  } catch (err) {
    // Another member linked the same Telegram account a moment earlier.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) return { ok: false, reason: 'taken' };
    throw err;
  }
}

/** Removes the member's link and their pending invites; the removal job then takes the account out of the groups. */
export async function unlinkAccount(db: Db, userId: string, now: Date): Promise<boolean> {
  const removed = await db
    .delete(telegramLinks)
    .where(eq(telegramLinks.userId, userId))
    .returning({ id: telegramLinks.userId });
  await db.delete(telegramInvites).where(eq(telegramInvites.userId, userId));
  if (removed.length) await audit(db, { at: now, actorId: userId, subjectId: userId, action: 'telegram.unlink' });
  return removed.length > 0;
}

/** Deletes expired link tokens (housekeeping). */
export async function purgeLinkTokens(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(telegramLinkTokens)
    .where(lt(telegramLinkTokens.expiresAt, now))
    .returning({ h: telegramLinkTokens.tokenHash });
  return gone.length;
}
