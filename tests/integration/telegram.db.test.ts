/**
 * Telegram against the Bot API stand-in over real HTTP: linking by `/start` and by the Login Widget,
 * join requests, the removal job, and the webhook secret.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { auditLog, telegramGroupMembers, telegramLinks, telegramLinkTokens } from '../../src/server/db/schema';
import { createTelaahBot } from '../../src/server/services/telegram';
import type { TelegramDeps } from '../../src/server/services/telegram';
import { issueLinkToken, unlinkAccount } from '../../src/server/services/telegram';
import { linkByWidget } from '../../src/server/services/telegram';
import { groupAccess } from '../../src/server/services/telegram';
import { removeLapsedMembers } from '../../src/server/services/telegram';
import { loginHash } from '../../src/server/auth/telegram-login';
import { exportData } from '../../src/server/services/accounts';
import { createUser, grantTier } from '../factories/users';
import { startTelegramStandIn, type TelegramStandIn } from '../stand-ins/telegram';
import { serveFetch } from '../stand-ins/serve-fetch';
import { joinRequest, startCommand } from '../fixtures/telegram';
import { DAY_MS } from '../../src/domain/dates';

const TOKEN = '123456:stand-in-token';
const SECRET = 'webhook-secret-for-tests';
const REGULER_CHAT = -1001111;
const PREMIUM_CHAT = -1002222;
const T0 = new Date('2026-11-20T03:00:00Z');

let h: DbHandle;
let standIn: TelegramStandIn;
let bridge: { url: string; close(): Promise<void> };
let deps: TelegramDeps;
let clock = T0;
let tgIds = 700_000_000;

const tgUser = (first_name = 'Budi') => ({ id: ++tgIds, first_name, username: `${first_name.toLowerCase()}_${tgIds}` });
const lastMessageTo = (chatId: number) =>
  standIn
    .calls('sendMessage')
    .filter((c) => c.params.chat_id === chatId)
    .at(-1)?.params.text as string | undefined;

async function member(tier?: 'reguler' | 'premium', endsAt = new Date(T0.getTime() + 30 * DAY_MS)) {
  const u = await createUser(h.db);
  if (tier) await grantTier(h.db, u.id, tier, new Date(T0.getTime() - 30 * DAY_MS), endsAt);
  return u;
}

async function linkByStart(userId: string, tg = tgUser()) {
  const token = await issueLinkToken(h.db, userId, clock);
  const r = await standIn.sendUpdate(startCommand(tg, token));
  expect(r.status).toBe(200);
  return tg;
}

beforeAll(async () => {
  h = await createTestDb();
  bridge = await serveFetch((req) => deps.tg.handleWebhook(req));
  standIn = await startTelegramStandIn({ webhookUrl: `${bridge.url}/api/telegram/webhook`, secret: SECRET });
  deps = createTelaahBot({
    db: h.db,
    settings: { token: TOKEN, username: 'TelaahTestBot', apiRoot: standIn.url, webhookSecret: SECRET },
    groups: { reguler: String(REGULER_CHAT), premium: String(PREMIUM_CHAT) },
    appUrl: 'https://telaah.test',
    now: () => clock,
  });
});
afterAll(async () => {
  await standIn.close();
  await bridge.close();
  await h.close();
});
beforeEach(() => {
  clock = T0;
});

describe('linking by /start', () => {
  it('links the Telegram account, replies in Indonesian with invites to the groups of the tier', async () => {
    const u = await member('premium');
    const tg = await linkByStart(u.id);
    const [link] = await h.db.select().from(telegramLinks).where(eq(telegramLinks.userId, u.id));
    expect(link).toMatchObject({ telegramUserId: tg.id, username: tg.username, via: 'start' });
    const reply = lastMessageTo(tg.id)!;
    expect(reply).toContain('Berhasil! Akun Telegram Anda kini tertaut');
    expect(reply).toContain('paket Premium');
    expect(reply).toMatch(/Grup Telaah Premium: https:\/\/t\.me\/\+standin\d+/);
    expect(reply).toMatch(/Grup Telaah Reguler: https:\/\/t\.me\/\+standin\d+/);
    const invites = standIn.calls('createChatInviteLink').slice(-2);
    expect(invites.map((c) => c.params.chat_id).sort()).toEqual([PREMIUM_CHAT, REGULER_CHAT].sort());
    for (const c of invites) {
      expect(c.params.creates_join_request).toBe(true);
      expect(c.params.expire_date).toBe(Math.floor(T0.getTime() / 1000) + 24 * 3600);
    }
    expect((await h.db.select().from(auditLog).where(eq(auditLog.subjectId, u.id))).map((a) => a.action)).toContain(
      'telegram.link',
    );
  });

  it('uses a token once; a reused or expired token links nothing', async () => {
    const u = await member('reguler');
    const token = await issueLinkToken(h.db, u.id, clock);
    const first = tgUser('Ani');
    await standIn.sendUpdate(startCommand(first, token));
    const second = tgUser('Eko');
    await standIn.sendUpdate(startCommand(second, token));
    expect(lastMessageTo(second.id)).toContain('sudah kedaluwarsa atau sudah dipakai');
    expect((await h.db.select().from(telegramLinks).where(eq(telegramLinks.userId, u.id)))[0]?.telegramUserId).toBe(
      first.id,
    );

    const late = await member();
    const lateToken = await issueLinkToken(h.db, late.id, clock);
    clock = new Date(T0.getTime() + 15 * 60_000 + 1000);
    const tg = tgUser('Lambat');
    await standIn.sendUpdate(startCommand(tg, lateToken));
    expect(lastMessageTo(tg.id)).toContain('kedaluwarsa');
    expect(await h.db.select().from(telegramLinks).where(eq(telegramLinks.userId, late.id))).toEqual([]);
  });

  it('stores only the hash of a token', async () => {
    const u = await member();
    const token = await issueLinkToken(h.db, u.id, clock);
    const rows = await h.db.select().from(telegramLinkTokens).where(eq(telegramLinkTokens.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt).toEqual(new Date(T0.getTime() + 15 * 60_000));
  });

  it('refuses a Telegram account that belongs to another member', async () => {
    const owner = await member();
    const tg = await linkByStart(owner.id);
    const other = await member();
    await linkByStart(other.id, tg);
    expect(lastMessageTo(tg.id)).toContain('sudah tertaut dengan akun Telaah lain');
    expect(await h.db.select().from(telegramLinks).where(eq(telegramLinks.userId, other.id))).toEqual([]);
  });

  it('answers /start without a token and other messages with help, handling a redelivered update once', async () => {
    const tg = tgUser('Tanya');
    const update = { update_id: 555_000_001, ...startCommand(tg) };
    await standIn.sendUpdate(update);
    await standIn.sendUpdate(update);
    const replies = standIn.calls('sendMessage').filter((c) => c.params.chat_id === tg.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.params.text).toContain('https://telaah.test/telegram');
  });
});

describe('linking by the Login Widget', () => {
  const signed = (tg: { id: number; first_name: string; username?: string }, authDate = clock) => {
    const fields = {
      id: String(tg.id),
      first_name: tg.first_name,
      username: tg.username ?? '',
      auth_date: String(Math.floor(authDate.getTime() / 1000) - 20),
    };
    return { ...fields, hash: loginHash(fields, TOKEN) };
  };

  it('links on a good hash and refuses the same callback a second time', async () => {
    const u = await member();
    const tg = tgUser('Widget');
    const fields = signed(tg);
    expect(await linkByWidget(h.db, u.id, fields, TOKEN, clock)).toMatchObject({
      ok: true,
      link: { telegramUserId: tg.id, via: 'widget' },
    });
    expect(await linkByWidget(h.db, u.id, fields, TOKEN, clock)).toEqual({ ok: false, reason: 'reused' });
  });

  it('refuses a tampered hash and a stale auth_date, linking nothing', async () => {
    const u = await member();
    const tg = tgUser('Curang');
    expect(await linkByWidget(h.db, u.id, { ...signed(tg), id: String(tg.id + 1) }, TOKEN, clock)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const old = signed(tg, new Date(T0.getTime() - 10 * 60_000));
    expect(await linkByWidget(h.db, u.id, old, TOKEN, clock)).toEqual({ ok: false, reason: 'stale' });
    expect(await h.db.select().from(telegramLinks).where(eq(telegramLinks.userId, u.id))).toEqual([]);
  });
});

describe('join requests', () => {
  it('approves the linked member with a current tier and declines everyone else', async () => {
    const premium = await member('premium');
    const tgPremium = await linkByStart(premium.id);
    const reguler = await member('reguler');
    const tgReguler = await linkByStart(reguler.id);
    const gratis = await member();
    const tgGratis = await linkByStart(gratis.id);
    const stranger = tgUser('Asing');

    for (const [chat, who] of [
      [PREMIUM_CHAT, tgPremium],
      [REGULER_CHAT, tgPremium],
      [REGULER_CHAT, tgReguler],
      [PREMIUM_CHAT, tgReguler],
      [REGULER_CHAT, tgGratis],
      [PREMIUM_CHAT, stranger],
      [-100999, tgPremium],
    ] as const) {
      expect((await standIn.sendUpdate(joinRequest(chat, who))).status).toBe(200);
    }
    const decided = (method: string) =>
      standIn
        .calls(method)
        .map((c) => `${c.params.chat_id}:${c.params.user_id}`)
        .filter((k) => [tgPremium, tgReguler, tgGratis, stranger].some((t) => k.endsWith(`:${t.id}`)));
    expect(decided('approveChatJoinRequest')).toEqual([
      `${PREMIUM_CHAT}:${tgPremium.id}`,
      `${REGULER_CHAT}:${tgPremium.id}`,
      `${REGULER_CHAT}:${tgReguler.id}`,
    ]);
    expect(decided('declineChatJoinRequest')).toEqual([
      `${PREMIUM_CHAT}:${tgReguler.id}`,
      `${REGULER_CHAT}:${tgGratis.id}`,
      `${PREMIUM_CHAT}:${stranger.id}`,
      `-100999:${tgPremium.id}`,
    ]);
    const access = await groupAccess(deps, premium.id, 'premium', { createInvites: false });
    expect(access.map((a) => [a.group, a.state])).toEqual([
      ['premium', 'joined'],
      ['reguler', 'joined'],
    ]);
    // A member who left the group on their own gets the link again to rejoin.
    const again = await groupAccess(deps, premium.id, 'premium', { createInvites: true });
    expect(again.map((a) => [a.state, a.inviteLink?.startsWith('https://t.me/+')])).toEqual([
      ['joined', true],
      ['joined', true],
    ]);
    const export_ = await exportData(h.db, premium.id);
    expect(export_).toMatchObject({
      telegram: { telegramUserId: tgPremium.id, linkedVia: 'start' },
      notificationPreferences: { 'analysis-any': { email: false } },
    });
  });

  it('declines a member whose tier lapsed before the request', async () => {
    const u = await member('reguler', new Date(T0.getTime() + DAY_MS));
    const tg = await linkByStart(u.id);
    clock = new Date(T0.getTime() + 2 * DAY_MS);
    await standIn.sendUpdate(joinRequest(REGULER_CHAT, tg));
    expect(standIn.calls('declineChatJoinRequest').at(-1)?.params).toMatchObject({
      chat_id: REGULER_CHAT,
      user_id: tg.id,
    });
  });
});

describe('the removal job', () => {
  it('removes lapsed, dropped and unlinked members once (ban + unban) and keeps the others', async () => {
    const lapsing = await member('reguler', new Date(T0.getTime() + 3 * DAY_MS));
    const tgLapsing = await linkByStart(lapsing.id);
    const dropping = await member('premium', new Date(T0.getTime() + 3 * DAY_MS));
    await grantTier(
      h.db,
      dropping.id,
      'reguler',
      new Date(T0.getTime() - DAY_MS),
      new Date(T0.getTime() + 60 * DAY_MS),
    );
    const tgDropping = await linkByStart(dropping.id);
    const staying = await member('premium', new Date(T0.getTime() + 60 * DAY_MS));
    const tgStaying = await linkByStart(staying.id);
    const leaving = await member('reguler');
    const tgLeaving = await linkByStart(leaving.id);
    for (const [chat, tg] of [
      [REGULER_CHAT, tgLapsing],
      [PREMIUM_CHAT, tgDropping],
      [REGULER_CHAT, tgDropping],
      [PREMIUM_CHAT, tgStaying],
      [REGULER_CHAT, tgLeaving],
    ] as const) {
      await standIn.sendUpdate(joinRequest(chat, tg));
    }
    const ours = new Set([tgLapsing, tgDropping, tgStaying, tgLeaving].map((t) => t.id));
    const removals = () =>
      standIn
        .calls()
        .filter(
          (c) =>
            (c.method === 'banChatMember' || c.method === 'unbanChatMember') && ours.has(c.params.user_id as number),
        )
        .map((c) => `${c.method}:${c.params.chat_id}:${c.params.user_id}`);

    expect(await removeLapsedMembers(deps)).toMatchObject({ removed: 0 });
    expect(removals()).toEqual([]);

    await unlinkAccount(h.db, leaving.id, clock);
    clock = new Date(T0.getTime() + 4 * DAY_MS);
    const first = await removeLapsedMembers(deps);
    expect(first).toMatchObject({ removed: 3, failed: 0 });
    expect(removals().sort()).toEqual(
      [
        `banChatMember:${REGULER_CHAT}:${tgLapsing.id}`,
        `unbanChatMember:${REGULER_CHAT}:${tgLapsing.id}`,
        `banChatMember:${PREMIUM_CHAT}:${tgDropping.id}`,
        `unbanChatMember:${PREMIUM_CHAT}:${tgDropping.id}`,
        `banChatMember:${REGULER_CHAT}:${tgLeaving.id}`,
        `unbanChatMember:${REGULER_CHAT}:${tgLeaving.id}`,
      ].sort(),
    );
    expect(standIn.calls('unbanChatMember').at(-1)?.params.only_if_banned).toBe(true);
    expect(lastMessageTo(tgLapsing.id)).toContain('kami keluarkan dari grup');

    expect(await removeLapsedMembers(deps)).toMatchObject({ removed: 0 });
    expect(removals()).toHaveLength(6);
    const open = await h.db.select().from(telegramGroupMembers).where(eq(telegramGroupMembers.userId, dropping.id));
    expect(open.filter((r) => r.removedAt === null).map((r) => r.group)).toEqual(['reguler']);
  });

  it('retries a removal the Bot API could not do, and closes one Telegram refuses for good', async () => {
    const u = await member('reguler', new Date(T0.getTime() + DAY_MS));
    const tg = await linkByStart(u.id);
    await standIn.sendUpdate(joinRequest(REGULER_CHAT, tg));
    clock = new Date(T0.getTime() + 2 * DAY_MS);
    standIn.failNext('banChatMember', 502, 'Bad Gateway');
    expect(await removeLapsedMembers(deps)).toMatchObject({ removed: 0, failed: 1 });
    standIn.failNext('banChatMember', 400, 'Bad Request: user is an administrator of the chat');
    expect(await removeLapsedMembers(deps)).toMatchObject({ removed: 1, failed: 0 });
    expect(await removeLapsedMembers(deps)).toMatchObject({ removed: 0, failed: 0 });
  });
});

describe('the webhook', () => {
  it('answers 401 to a wrong or missing secret and changes nothing', async () => {
    const u = await member('premium');
    const token = await issueLinkToken(h.db, u.id, clock);
    const tg = tgUser('Penyusup');
    const before = standIn.calls().length;
    expect((await standIn.sendUpdate(startCommand(tg, token), { secret: 'salah' })).status).toBe(401);
    expect((await standIn.sendUpdate(startCommand(tg, token), { secret: null })).status).toBe(401);
    expect((await standIn.sendUpdate(joinRequest(PREMIUM_CHAT, tg), { secret: 'salah' })).status).toBe(401);
    expect(standIn.calls().length).toBe(before);
    expect(await h.db.select().from(telegramLinks).where(eq(telegramLinks.userId, u.id))).toEqual([]);
    // The token was not used up by the refused requests.
    await standIn.sendUpdate(startCommand(tg, token));
    expect(lastMessageTo(tg.id)).toContain('Berhasil');
  });

  it.each([['{not json'], ['{}'], ['[]'], ['{"update_id":"x"}'], ['{"update_id":-1,"message":{}}']])(
    'acknowledges the malformed update %s from Telegram with 200, so that it is not delivered again',
    async (body) => {
      const before = standIn.calls().length;
      const res = await fetch(`${bridge.url}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        body,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toBe('rejected');
      expect(standIn.calls().length).toBe(before);
    },
  );

  it('still answers 401 to a malformed body without the secret', async () => {
    const res = await fetch(`${bridge.url}/api/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'salah' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });
});
