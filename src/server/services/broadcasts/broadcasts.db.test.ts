/**
 * Broadcasts on a real database: the audience (tiers, Telegram groups, everyone opted in), preferences,
 * sending once, delivery at most once per member and channel, resumption of a cut-short run, and a crash
 * between the claim and the mark that leaves nobody with two messages.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { createUser, grantTier } from '../../../../tests/factories/users';
import { auditLog, broadcastDeliveries, broadcasts, telegramGroupMembers, telegramLinks } from '../../db/schema';
import type { Mail } from '../../integrations/mail';
import { setPref } from '../notifications/prefs';
import {
  audienceSize,
  listBroadcasts,
  runBroadcasts,
  sendBroadcast,
  type BroadcastInput,
  type BroadcastSenders,
} from '.';

const NOW = new Date('2026-11-20T03:00:00Z');
const START = new Date('2026-11-01T00:00:00Z');
const END = new Date('2026-12-31T00:00:00Z');

let h: TestDb;
let adminId: string;
let tgId = 7_100_000;

beforeEach(async () => {
  h = await createTestDb();
  adminId = (await createUser(h.db, { role: 'admin' })).id;
});
afterEach(() => h.close());

interface Made {
  id: string;
  email: string;
  tg: number | null;
}

async function member(
  tier: 'gratis' | 'reguler' | 'premium',
  opts: { telegram?: boolean; verified?: boolean } = {},
): Promise<Made> {
  const u = await createUser(h.db, { verified: opts.verified });
  if (tier !== 'gratis') await grantTier(h.db, u.id, tier, START, END);
  let tg: number | null = null;
  if (opts.telegram !== false) {
    tg = ++tgId;
    await h.db
      .insert(telegramLinks)
      .values({ userId: u.id, telegramUserId: tg, firstName: 'Uji', via: 'widget', linkedAt: START });
  }
  return { id: u.id, email: u.email, tg };
}

function recorder() {
  const mails: Mail[] = [];
  const telegrams: { chatId: number; html: string }[] = [];
  const senders: BroadcastSenders = {
    mail: async (m) => void mails.push(m),
    telegram: async (chatId, html) => void telegrams.push({ chatId, html }),
  };
  return { mails, telegrams, senders };
}

const run = (senders: BroadcastSenders, extra: Partial<Parameters<typeof runBroadcasts>[0]> = {}) =>
  runBroadcasts({
    db: h.db,
    now: () => NOW,
    appUrl: 'https://telaah.test',
    senders,
    rate: { email: 1000, telegram: 1000 },
    ...extra,
  });

const draft = (input: Partial<BroadcastInput> = {}): BroadcastInput => ({
  title: 'Kelas langsung malam ini',
  body: 'Mulai **19.30 WIB**. [Daftar](https://telaah.test/kelas)',
  tiers: ['premium'],
  groups: [],
  everyone: '',
  sendKey: randomUUID(),
  ...input,
});

async function send(input: Partial<BroadcastInput> = {}, telegramConfigured = true) {
  const r = await sendBroadcast(h.db, adminId, draft(input), NOW, telegramConfigured);
  if (!r.ok) throw new Error(r.message);
  return r.id;
}

const rows = (broadcastId: string) =>
  h.db.select().from(broadcastDeliveries).where(eq(broadcastDeliveries.broadcastId, broadcastId));

/** Times each address appears among what was sent. */
function tally(list: (string | number)[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) m.set(String(x), (m.get(String(x)) ?? 0) + 1);
  return m;
}

describe('audience', () => {
  it('a broadcast to Premium reaches every Premium member once by email and Telegram, and nobody else', async () => {
    const premium = [await member('premium'), await member('premium'), await member('premium')];
    const others = [await member('reguler'), await member('gratis')];
    const id = await send();
    const { mails, telegrams, senders } = recorder();
    const s = await run(senders);

    expect(s).toMatchObject({ broadcasts: 1, sent: 6, failed: 0, uncertain: 0, left: 0 });
    expect(tally(mails.map((m) => m.to))).toEqual(new Map(premium.map((p) => [p.email, 1])));
    expect(tally(telegrams.map((t) => t.chatId))).toEqual(new Map(premium.map((p) => [String(p.tg), 1])));
    for (const o of others) {
      expect(mails.some((m) => m.to === o.email)).toBe(false);
      expect(telegrams.some((t) => t.chatId === o.tg)).toBe(false);
    }
    const mail = mails[0]!;
    expect(mail.subject).toBe('Kelas langsung malam ini');
    expect(mail.html).toContain('Mulai <b>19.30 WIB</b>.');
    expect(mail.text).toContain('Daftar (https://telaah.test/kelas)');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/\/api\/notifications\/unsubscribe\?u=.+&e=announcements&t=/);
    expect(telegrams[0]!.html).toBe(
      '<b>Kelas langsung malam ini</b>\n\nMulai <b>19.30 WIB</b>. <a href="https://telaah.test/kelas">Daftar</a>',
    );

    const [summary] = await listBroadcasts(h.db);
    expect(summary!.counts).toMatchObject({ total: 6, sent: 6, skipped: 0, pending: 0, failed: 0, uncertain: 0 });
    expect(summary!.finishedAt).toEqual(NOW);
    // A second run finds nothing left to send.
    const again = recorder();
    expect(await run(again.senders)).toMatchObject({ broadcasts: 0, sent: 0 });
    expect(again.mails.length + again.telegrams.length).toBe(0);
    expect((await rows(id)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('tiers, Telegram groups and everyone opted in select the members they name', async () => {
    const reguler = await member('reguler');
    const premiumInGroup = await member('premium');
    const gratisLeftGroup = await member('gratis');
    const gratisOptedOut = await member('gratis');
    await setPref(h.db, gratisOptedOut.id, 'announcements', 'email', false, NOW);
    await setPref(h.db, gratisOptedOut.id, 'announcements', 'telegram', false, NOW);
    await h.db.insert(telegramGroupMembers).values([
      { telegramUserId: premiumInGroup.tg!, group: 'premium', userId: premiumInGroup.id, approvedAt: START },
      {
        telegramUserId: gratisLeftGroup.tg!,
        group: 'premium',
        userId: gratisLeftGroup.id,
        approvedAt: START,
        removedAt: NOW,
      },
    ]);
    const members = async (id: string) => new Set((await rows(id)).map((r) => r.userId));

    expect(await members(await send({ tiers: ['reguler'] }))).toEqual(new Set([reguler.id]));
    expect(await members(await send({ tiers: [], groups: ['premium'] }))).toEqual(new Set([premiumInGroup.id]));
    expect(await members(await send({ tiers: [], groups: ['reguler'] }))).toEqual(new Set());
    // Everyone opted in: all but the member with announcements off on both channels (the admin too).
    expect(await members(await send({ tiers: [], everyone: 'on' }))).toEqual(
      new Set([adminId, reguler.id, premiumInGroup.id, gratisLeftGroup.id]),
    );
    // A tier names its members whatever their preferences; those skip, with the reason.
    const gratis = await rows(await send({ tiers: ['gratis'] }));
    expect(gratis.filter((r) => r.userId === gratisOptedOut.id).map((r) => [r.status, r.reason])).toEqual([
      ['skipped', 'Anggota mematikan pengumuman di saluran ini'],
      ['skipped', 'Anggota mematikan pengumuman di saluran ini'],
    ]);
  });

  it('skips, with the reason, what preferences, an unverified email or a missing Telegram link rule out', async () => {
    const noTelegram = await member('premium', { telegram: false });
    const unverified = await member('premium', { verified: false });
    const emailOff = await member('premium');
    await setPref(h.db, emailOff.id, 'announcements', 'email', false, NOW);
    const id = await send();
    const byKey = new Map((await rows(id)).map((r) => [`${r.userId}/${r.channel}`, [r.status, r.reason]]));
    expect(byKey.get(`${noTelegram.id}/email`)).toEqual(['pending', null]);
    expect(byKey.get(`${noTelegram.id}/telegram`)).toEqual(['skipped', 'Akun Telegram belum ditautkan']);
    expect(byKey.get(`${unverified.id}/email`)).toEqual(['skipped', 'Email belum terverifikasi']);
    expect(byKey.get(`${unverified.id}/telegram`)).toEqual(['pending', null]);
    expect(byKey.get(`${emailOff.id}/email`)).toEqual(['skipped', 'Anggota mematikan pengumuman di saluran ini']);
    expect(byKey.get(`${emailOff.id}/telegram`)).toEqual(['pending', null]);

    // Without Telegram configured, Telegram rows are skipped when sent.
    const off = await rows(await send({}, false));
    expect(off.filter((r) => r.channel === 'telegram' && r.userId === emailOff.id)[0]!.reason).toBe(
      'Telegram belum dikonfigurasi di server',
    );
  });

  it('counts as reached only members with a channel that can deliver, not those whose every channel is skipped', async () => {
    await member('premium'); // email and Telegram
    await member('premium', { telegram: false }); // email only
    await member('premium', { telegram: false, verified: false }); // nothing: unverified, not linked
    const bothOff = await member('premium');
    await setPref(h.db, bothOff.id, 'announcements', 'email', false, NOW);
    await setPref(h.db, bothOff.id, 'announcements', 'telegram', false, NOW);
    const audience = { tiers: ['premium' as const], groups: [], everyone: false };
    expect(await audienceSize(h.db, audience, NOW, true)).toEqual({ members: 2, email: 2, telegram: 1, skipped: 5 });
    // Without Telegram configured, a member reachable only there is not counted either.
    const tgOnly = await member('premium', { verified: false });
    expect(await audienceSize(h.db, audience, NOW, false)).toEqual({ members: 2, email: 2, telegram: 0, skipped: 8 });
    expect((await audienceSize(h.db, audience, NOW, true)).members).toBe(3);
    expect(tgOnly.tg).not.toBeNull();
  });

  it('respects an unsubscribe that arrives after the send but before delivery', async () => {
    const a = await member('premium');
    const b = await member('premium');
    await send();
    await setPref(h.db, a.id, 'announcements', 'email', false, NOW);
    const { mails, senders } = recorder();
    const s = await run(senders);
    expect(mails.map((m) => m.to)).toEqual([b.email]);
    expect(s).toMatchObject({ sent: 3, skipped: 1 });
  });
});

describe('sending once', () => {
  it('refuses a second send of the same preview, and audits the first', async () => {
    await member('premium');
    const input = draft();
    const first = await sendBroadcast(h.db, adminId, input, NOW, true);
    expect(first.ok).toBe(true);
    expect(await sendBroadcast(h.db, adminId, input, NOW, true)).toMatchObject({ ok: false, status: 409 });
    expect(await h.db.select().from(broadcasts)).toHaveLength(1);
    expect(await h.db.select().from(broadcastDeliveries)).toHaveLength(2);
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.action, 'admin.broadcast-send'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: adminId, details: { title: input.title, deliveries: 2, pending: 2 } });
  });

  it('refuses bad input with a message naming the field, writing nothing', async () => {
    const cases: [Partial<BroadcastInput>, RegExp][] = [
      [{ title: '' }, /^Judul/],
      [{ body: '  ' }, /^Pesan/],
      [{ tiers: ['emas'] }, /^Paket/],
      [{ tiers: [] }, /^Penerima/],
      [{ body: 'x'.repeat(5000) }, /^Pesan: terlalu panjang untuk Telegram/],
      [{ sendKey: 'bukan-kunci' }, /^Kirim/],
    ];
    for (const [input, message] of cases) {
      const r = await sendBroadcast(h.db, adminId, draft(input), NOW, true);
      expect(r.ok, JSON.stringify(input).slice(0, 80)).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
    expect(await h.db.select().from(broadcasts)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('resumes a run cut short: the pending rows go out on the next run, nobody twice', async () => {
    const premium = [await member('premium'), await member('premium'), await member('premium')];
    await send();
    const { mails, telegrams, senders } = recorder();
    expect(await run(senders, { maxMessages: 2, batchSize: 1 })).toMatchObject({ sent: 2, left: 4 });
    expect((await listBroadcasts(h.db))[0]!.finishedAt).toBeNull();
    expect(await run(senders, { batchSize: 2 })).toMatchObject({ sent: 4, left: 0 });
    expect(tally(mails.map((m) => m.to))).toEqual(new Map(premium.map((p) => [p.email, 1])));
    expect(tally(telegrams.map((t) => t.chatId))).toEqual(new Map(premium.map((p) => [String(p.tg), 1])));
  });

  it('a crash between the claim and the mark sends no duplicate after the restart', async () => {
    const premium = [await member('premium'), await member('premium'), await member('premium')];
    const id = await send();
    const { mails, telegrams, senders } = recorder();
    // The third message goes out, then the database refuses to record it (as a process killed right after
    // the provider answered would): the run dies with that row claimed.
    let calls = 0;
    const crashing: BroadcastSenders = {
      mail: async (m) => {
        await senders.mail(m);
        if (++calls === 3) {
          await h.db.execute(
            sql`alter table broadcast_deliveries add constraint crash_now check (status <> 'sent') not valid`,
          );
        }
      },
      telegram: async (chatId, html) => {
        await senders.telegram!(chatId, html);
        if (++calls === 3) {
          await h.db.execute(
            sql`alter table broadcast_deliveries add constraint crash_now check (status <> 'sent') not valid`,
          );
        }
      },
    };
    await expect(run(crashing)).rejects.toThrow();
    expect(mails.length + telegrams.length).toBe(3);
    const claimed = await h.db
      .select()
      .from(broadcastDeliveries)
      .where(and(eq(broadcastDeliveries.broadcastId, id), eq(broadcastDeliveries.status, 'sending')));
    expect(claimed).toHaveLength(1);

    // The restart: the row left in `sending` is reported uncertain and not sent again; the rest go out.
    await h.db.execute(sql`alter table broadcast_deliveries drop constraint crash_now`);
    const s = await run(senders);
    expect(s).toMatchObject({ uncertain: 1, sent: 3, left: 0 });
    expect(mails.length + telegrams.length).toBe(6);
    expect([...tally(mails.map((m) => m.to)).values()].every((n) => n === 1)).toBe(true);
    expect([...tally(telegrams.map((t) => t.chatId)).values()].every((n) => n === 1)).toBe(true);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(premium.map((p) => p.email)));
    const [summary] = await listBroadcasts(h.db);
    expect(summary!.counts).toMatchObject({ total: 6, sent: 5, uncertain: 1, pending: 0, sending: 0 });
    expect(summary!.reasons).toEqual([
      {
        status: 'uncertain',
        reason: 'Pengiriman terputus (server berhenti) sebelum hasilnya tercatat; tidak dikirim ulang',
        n: 1,
      },
    ]);
    expect(summary!.finishedAt).toEqual(NOW);
  });

  it('records a provider refusal as failed with its reason and never retries it', async () => {
    const a = await member('premium');
    await send();
    const { mails, senders } = recorder();
    const refusing: BroadcastSenders = {
      mail: senders.mail,
      telegram: async () => Promise.reject(new Error('sendMessage: 403 Forbidden: bot was blocked by the user')),
    };
    expect(await run(refusing)).toMatchObject({ sent: 1, failed: 1 });
    expect(await run(senders)).toMatchObject({ broadcasts: 0, sent: 0 });
    expect(mails.map((m) => m.to)).toEqual([a.email]);
    const [summary] = await listBroadcasts(h.db);
    expect(summary!.counts).toMatchObject({ sent: 1, failed: 1 });
    expect(summary!.reasons[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('blocked') });
  });
});
