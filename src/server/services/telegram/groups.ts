/**
 * Group access by join requests: a member gets a personal invite link that only creates a request;
 * the bot approves it for the linked Telegram account of a member whose current tier grants the group
 * and declines everyone else. Who was let in is recorded for the removal job.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramGroupMembers, telegramInvites } from '../../db/schema';
import type { TelegramUser } from '../../integrations/telegram';
import { currentTier } from '../membership/current-tier';
import { groupsFor, mayJoinGroup, TELEGRAM_GROUPS, type TelegramGroup } from '../../../domain/telegram-groups';
import type { Tier } from '../../../domain/tiers';
import { audit } from '../audit';
import { findLink, findLinkByTelegramId } from './link';
import type { GroupChats, TelegramDeps } from './context';
import { GROUP_LABEL } from '../../../lib/labels';
import { log } from '../../log';

/** How long an invite link stays valid. */
const INVITE_TTL_MS = 24 * 60 * 60_000;
/** A stored invite is handed out again only while it has at least this long to live. */
const INVITE_REUSE_MARGIN_MS = 60 * 60_000;

function groupOfChat(groups: GroupChats, chatId: number | string): TelegramGroup | null {
  return TELEGRAM_GROUPS.find((g) => groups[g] !== undefined && groups[g] === String(chatId)) ?? null;
}

export interface GroupAccess {
  group: TelegramGroup;
  label: string;
  /**
   * joined: let in and not removed; invite: may join; locked: the tier does not grant it; unavailable:
   * Telegram is not configured for this group or the Bot API failed.
   */
  state: 'joined' | 'invite' | 'locked' | 'unavailable';
  inviteLink?: string;
  expiresAt?: Date;
}

/** Open group memberships of a Telegram account. */
async function joinedGroups(db: Db, telegramUserId: number): Promise<Set<TelegramGroup>> {
  const rows = await db
    .select({ group: telegramGroupMembers.group })
    .from(telegramGroupMembers)
    .where(and(eq(telegramGroupMembers.telegramUserId, telegramUserId), isNull(telegramGroupMembers.removedAt)));
  return new Set(rows.map((r) => r.group));
}

/** A usable invite link for the member and group: the stored one while fresh, else a new one from the Bot API. */
async function inviteFor(deps: TelegramDeps, userId: string, group: TelegramGroup, chatId: string) {
  const now = deps.now();
  const [stored] = await deps.db
    .select()
    .from(telegramInvites)
    .where(and(eq(telegramInvites.userId, userId), eq(telegramInvites.group, group)));
  if (stored && stored.expiresAt.getTime() - now.getTime() > INVITE_REUSE_MARGIN_MS) return stored;
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const inviteLink = await deps.tg.createJoinRequestLink(chatId, `Telaah ${userId.slice(0, 8)}`, expiresAt);
  const row = { userId, group, inviteLink, expiresAt };
  await deps.db
    .insert(telegramInvites)
    .values(row)
    .onConflictDoUpdate({ target: [telegramInvites.userId, telegramInvites.group], set: row });
  return row;
}

/**
 * The groups as this member sees them. With `createInvites`, every group the member may be in gets an
 * invite link (the stored one while fresh, else a new one from the Bot API) — also a group they joined,
 * since they may have left it since; a failing Bot API call leaves that group `unavailable` rather than
 * failing the page.
 */
export async function groupAccess(
  deps: TelegramDeps,
  userId: string,
  tier: Tier,
  opts: { createInvites: boolean },
): Promise<GroupAccess[]> {
  const link = await findLink(deps.db, userId);
  const joined = link ? await joinedGroups(deps.db, link.telegramUserId) : new Set<TelegramGroup>();
  const allowed = new Set(groupsFor(tier));
  const out: GroupAccess[] = [];
  for (const group of [...TELEGRAM_GROUPS].reverse()) {
    const base = { group, label: GROUP_LABEL[group] };
    const chatId = deps.groups[group];
    if (!allowed.has(group)) out.push({ ...base, state: 'locked' });
    else if (!chatId) out.push({ ...base, state: 'unavailable' });
    else if (!link || !opts.createInvites) out.push({ ...base, state: joined.has(group) ? 'joined' : 'invite' });
    else {
      try {
        const inv = await inviteFor(deps, userId, group, chatId);
        out.push({
          ...base,
          state: joined.has(group) ? 'joined' : 'invite',
          inviteLink: inv.inviteLink,
          expiresAt: inv.expiresAt,
        });
      } catch (err) {
        log('error', 'telegram invite failed', { group, error: String(err) });
        out.push({ ...base, state: 'unavailable' });
      }
    }
  }
  return out;
}

/**
 * Decides a join request: approve only the linked Telegram account of a member whose current tier
 * grants the group (recording the membership), decline anyone else and any chat that is not ours.
 */
export async function decideJoinRequest(
  db: Db,
  groups: GroupChats,
  chatId: number,
  from: TelegramUser,
  now: Date,
): Promise<'approve' | 'decline'> {
  const group = groupOfChat(groups, chatId);
  const link = group ? await findLinkByTelegramId(db, from.id) : null;
  const tier = link ? (await currentTier(db, link.userId, now)).tier : 'gratis';
  if (!group || !link || !mayJoinGroup(tier, group)) {
    log('info', 'telegram join request declined', { chatId, linked: link !== null, tier });
    return 'decline';
  }
  await db
    .insert(telegramGroupMembers)
    .values({ telegramUserId: from.id, group, userId: link.userId, approvedAt: now })
    .onConflictDoNothing();
  await audit(db, {
    at: now,
    actorId: null,
    subjectId: link.userId,
    action: 'telegram.join-approved',
    details: { group },
  });
  return 'approve';
}
