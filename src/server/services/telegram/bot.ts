/**
 * What the bot does with each update: `/start {token}` links the account and answers with the member's
 * group invites, join requests are decided by `decideJoinRequest`, anything else gets a short help.
 * Each update is handled once (its id is claimed in the database before the handlers run).
 */
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramUpdates, users } from '../../db/schema';
import {
  createTelegram,
  type BotHandlers,
  type TelegramSettings,
  type TelegramUser,
} from '../../integrations/telegram';
import { currentTier } from '../membership/current-tier';
import { consumeLinkToken, linkAccount } from './link';
import { decideJoinRequest, groupAccess } from './groups';
import type { GroupChats, TelegramDeps } from './context';
import { TIER_LABEL } from '../../../lib/labels';
import { addDaysToInstant } from '../../../domain/dates';

export interface BotOptions {
  db: Db;
  settings: TelegramSettings;
  groups: GroupChats;
  appUrl: string;
  now: () => Date;
}

/** The bot with Telaah's handlers, and the dependencies the other Telegram services take. */
export function createTelaahBot(opts: BotOptions): TelegramDeps {
  const deps = { db: opts.db, groups: opts.groups, appUrl: opts.appUrl, now: opts.now } as TelegramDeps;
  deps.tg = createTelegram(opts.settings, handlers(deps));
  return deps;
}

function handlers(deps: TelegramDeps): BotHandlers {
  const { db } = deps;
  return {
    onStart: (from, payload) =>
      payload ? startWithToken(deps, from, payload) : Promise.resolve(helpText(deps.appUrl)),
    onJoinRequest: (chatId, from) => decideJoinRequest(db, deps.groups, chatId, from, deps.now()),
    onOtherMessage: async () => helpText(deps.appUrl),
    async claimUpdate(updateId) {
      const rows = await db
        .insert(telegramUpdates)
        .values({ updateId, receivedAt: deps.now() })
        .onConflictDoNothing()
        .returning();
      return rows.length > 0;
    },
    async releaseUpdate(updateId) {
      await db.delete(telegramUpdates).where(eq(telegramUpdates.updateId, updateId));
    },
  };
}

function helpText(appUrl: string): string {
  return (
    'Halo! Ini bot resmi Telaah.\n\n' +
    `Untuk menautkan akun Telegram Anda, masuk ke ${appUrl}/telegram lalu ketuk “Tautkan Telegram”. ` +
    'Setelah tertaut, anggota Reguler dan Premium mendapat undangan ke grup anggota, dan Anda bisa menerima pemberitahuan di sini.'
  );
}

async function startWithToken(deps: TelegramDeps, from: TelegramUser, token: string): Promise<string> {
  const { db, appUrl } = deps;
  const now = deps.now();
  const userId = await consumeLinkToken(db, token, now);
  if (!userId) {
    return `Tautan ini sudah kedaluwarsa atau sudah dipakai. Buat tautan baru di ${appUrl}/telegram (berlaku 15 menit).`;
  }
  const linked = await linkAccount(db, userId, from, 'start', now);
  if (!linked.ok) {
    return (
      'Akun Telegram ini sudah tertaut dengan akun Telaah lain. ' +
      `Putuskan dulu tautannya dari akun itu di ${appUrl}/telegram, lalu coba lagi.`
    );
  }
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const { tier } = await currentTier(db, userId, now);
  const lines = [
    `Berhasil! Akun Telegram Anda kini tertaut dengan akun Telaah atas nama ${user?.name ?? 'Anda'} (paket ${TIER_LABEL[tier]}).`,
  ];
  const access = await groupAccess(deps, userId, tier, { createInvites: true });
  const invites = access.filter((a) => a.inviteLink);
  if (invites.length) {
    lines.push(
      '',
      'Gabung ke grup anggota (tautan pribadi, berlaku 24 jam; permintaan bergabung Anda akan kami setujui otomatis):',
    );
    for (const a of invites) lines.push(`• ${a.label}: ${a.inviteLink}`);
  } else if (access.every((a) => a.state === 'locked')) {
    lines.push('', `Grup Telegram khusus anggota Reguler dan Premium. Lihat paket di ${appUrl}/pick-membership.`);
  }
  lines.push('', `Status tautan dan pengaturan notifikasi: ${appUrl}/telegram/verify`);
  return lines.join('\n');
}

/** Forgets handled update ids after a week; Telegram stops redelivering long before (housekeeping). */
export async function purgeUpdates(db: Db, now: Date): Promise<number> {
  const cutoff = addDaysToInstant(now, -7);
  const gone = await db
    .delete(telegramUpdates)
    .where(lt(telegramUpdates.receivedAt, cutoff))
    .returning({ id: telegramUpdates.updateId });
  return gone.length;
}
