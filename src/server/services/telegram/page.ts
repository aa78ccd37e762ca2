/**
 * What /telegram and /telegram/verify show and do for the signed-in member: link status, the groups
 * with invites, starting a `/start` link, finishing a Login Widget link, unlinking.
 */
import { now } from '../../clock';
import { config } from '../../config';
import type { Db } from '../../db/client';
import type { Viewer } from '../../auth/viewer-type';
import { processTelegram } from './process';
import { findLink, issueLinkToken, unlinkAccount, type TelegramLink } from './link';
import { groupAccess, type GroupAccess } from './groups';
import { linkByWidget, type WidgetResult } from './widget';
import { mayJoinGroup, TELEGRAM_GROUPS } from '../../../domain/telegram-groups';
import { GROUP_LABEL } from '../../../lib/labels';

export interface TelegramPage {
  configured: boolean;
  botUsername: string | null;
  link: TelegramLink | null;
  groups: GroupAccess[];
}

/** The page state; invites are created only when `createInvites` (never while impersonating). */
export async function telegramPage(db: Db, viewer: Viewer, opts: { createInvites: boolean }): Promise<TelegramPage> {
  const telegram = await processTelegram(db);
  const link = await findLink(db, viewer.id);
  if (!telegram) {
    return {
      configured: false,
      botUsername: null,
      link,
      groups: [...TELEGRAM_GROUPS].reverse().map((group) => ({
        group,
        label: GROUP_LABEL[group],
        state: mayJoinGroup(viewer.tier, group) ? ('unavailable' as const) : ('locked' as const),
      })),
    };
  }
  const groups = await groupAccess(telegram, viewer.id, viewer.tier, opts);
  return { configured: true, botUsername: telegram.tg.username, link, groups };
}

/** A fresh one-time deep link `https://t.me/{bot}?start={token}` for the member, or null when Telegram is off. */
export async function startLinkUrl(db: Db, viewer: Viewer): Promise<string | null> {
  const telegram = await processTelegram(db);
  if (!telegram) return null;
  const token = await issueLinkToken(db, viewer.id, now());
  return `https://t.me/${telegram.tg.username}?start=${token}`;
}

export async function unlinkTelegram(db: Db, viewer: Viewer): Promise<boolean> {
  return unlinkAccount(db, viewer.id, now());
}

/** Checks a Login Widget callback and links its Telegram account to the member. */
export async function finishWidgetLink(
  db: Db,
  viewer: Viewer,
  fields: Record<string, string>,
): Promise<WidgetResult | { ok: false; reason: 'off' }> {
  const token = config().TELEGRAM_BOT_TOKEN;
  if (!token || !(await processTelegram(db))) return { ok: false, reason: 'off' };
  return linkByWidget(db, viewer.id, fields, token, now());
}

export const WIDGET_MESSAGES: Record<string, { status: number; text: string }> = {
  invalid: {
    status: 400,
    text: 'Data dari Telegram tidak sah (tanda tangan tidak cocok). Coba tautkan lagi dari halaman Telegram.',
  },
  stale: { status: 400, text: 'Data masuk dari Telegram sudah kedaluwarsa (lebih dari 5 menit). Coba tautkan lagi.' },
  reused: {
    status: 400,
    text: 'Data masuk dari Telegram ini sudah pernah dipakai. Coba tautkan lagi dari halaman Telegram.',
  },
  taken: {
    status: 409,
    text: 'Akun Telegram ini sudah tertaut dengan akun Telaah lain. Putuskan dulu tautannya dari akun itu.',
  },
  off: { status: 503, text: 'Integrasi Telegram belum aktif di server ini.' },
};
