import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId } from './columns';
import { users, memberRef } from './accounts';
import type { TelegramGroup } from '../../../domain/telegram-groups';

/**
 * A member's Telegram account. One Telegram account belongs to one member and a member has at most
 * one Telegram account (both keys unique). Telegram user ids fit in 52 bits, so a JS number holds them.
 */
export const telegramLinks = pgTable('telegram_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull().unique(),
  username: text('username'),
  firstName: text('first_name').notNull(),
  via: text('via').$type<'start' | 'widget'>().notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
});

/** One-time `/start` tokens (15 minutes); only the SHA-256 of the token is stored. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: memberRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

/** Login Widget callbacks already used (by their hash), so a captured callback URL works once. */
export const telegramLoginUses = pgTable('telegram_login_uses', {
  hash: text('hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});

/** The join-request invite link last created for a member and group, reused until shortly before it expires. */
export const telegramInvites = pgTable(
  'telegram_invites',
  {
    userId: memberRef(),
    group: text('group').$type<TelegramGroup>().notNull(),
    inviteLink: text('invite_link').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.group] })],
);

/**
 * Who the bot let into which group. Rows outlive the link and the account (user id set null), so the
 * removal job still finds a Telegram account whose member unlinked or left. At most one open row per
 * Telegram account and group; `removedAt` closes it.
 */
export const telegramGroupMembers = pgTable(
  'telegram_group_members',
  {
    id: generatedId(),
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
    group: text('group').$type<TelegramGroup>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_group_members_open_idx')
      .on(t.telegramUserId, t.group)
      .where(sql`${t.removedAt} is null`),
    index('telegram_group_members_user_idx').on(t.userId),
  ],
);

/** Webhook updates being or already handled, so a redelivered update does nothing twice. */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
