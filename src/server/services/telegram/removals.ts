/**
 * The removal job: takes out of a group every Telegram account that may no longer be there — its
 * member's tier lapsed or dropped below the group, the member unlinked or replaced that account, or
 * deleted their Telaah account. Removal is ban + unban, so the member may join again after renewing.
 * A removed row is closed, so a rerun removes no one twice.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { telegramGroupMembers, telegramLinks } from '../../db/schema';
import { currentTier } from '../membership/current-tier';
import { mayJoinGroup } from '../../../domain/telegram-groups';
import { TelegramApiError } from '../../integrations/telegram';
import { audit } from '../audit';
import type { TelegramDeps } from './context';
import { GROUP_LABEL } from '../../../lib/labels';
import { log } from '../../log';

export interface RemovalSummary {
  checked: number;
  removed: number;
  failed: number;
}

export async function removeLapsedMembers(deps: TelegramDeps): Promise<RemovalSummary> {
  const { db } = deps;
  const now = deps.now();
  const open = await db
    .select({ row: telegramGroupMembers, linkedTelegramId: telegramLinks.telegramUserId })
    .from(telegramGroupMembers)
    .leftJoin(telegramLinks, eq(telegramLinks.userId, telegramGroupMembers.userId))
    .where(isNull(telegramGroupMembers.removedAt));
  const summary: RemovalSummary = { checked: open.length, removed: 0, failed: 0 };
  const tiers = new Map<string, Awaited<ReturnType<typeof currentTier>>['tier']>();
  for (const { row, linkedTelegramId } of open) {
    const chatId = deps.groups[row.group];
    if (!chatId) continue;
    const stillLinked = row.userId !== null && linkedTelegramId === row.telegramUserId;
    if (stillLinked && !tiers.has(row.userId!)) tiers.set(row.userId!, (await currentTier(db, row.userId!, now)).tier);
    if (stillLinked && mayJoinGroup(tiers.get(row.userId!)!, row.group)) continue;
    try {
      await deps.tg.removeFromChat(chatId, row.telegramUserId);
    } catch (err) {
      // A permanent refusal (e.g. the account is an admin of the group) will not change on retry.
      if (!(err instanceof TelegramApiError && err.permanent)) {
        summary.failed++;
        log('error', 'telegram removal failed, will retry', { group: row.group, error: String(err) });
        continue;
      }
      log('warn', 'telegram removal refused by Telegram', { group: row.group, error: err.message });
    }
    await db
      .update(telegramGroupMembers)
      .set({ removedAt: now })
      .where(and(eq(telegramGroupMembers.id, row.id), isNull(telegramGroupMembers.removedAt)));
    await audit(db, {
      at: now,
      actorId: null,
      subjectId: row.userId,
      action: 'telegram.removed',
      details: { group: row.group },
    });
    summary.removed++;
    if (stillLinked) await tellRemoved(deps, row.telegramUserId, row.group);
  }
  return summary;
}

async function tellRemoved(deps: TelegramDeps, telegramUserId: number, group: keyof typeof GROUP_LABEL): Promise<void> {
  const text =
    `Keanggotaan Anda tidak lagi mencakup ${GROUP_LABEL[group]}, jadi akun Telegram Anda kami keluarkan dari grup itu.\n\n` +
    `Perpanjang atau tingkatkan paket kapan saja di ${deps.appUrl}/pick-membership — setelah itu Anda bisa bergabung lagi dari ${deps.appUrl}/telegram.`;
  await deps.tg.sendMessage(telegramUserId, text).catch((err: unknown) => {
    log('warn', 'telegram removal notice not delivered', { error: String(err) });
  });
}
