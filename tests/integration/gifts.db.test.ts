/**
 * Gift passes below the browser (decision 0041): bought through the Stripe and Midtrans stand-ins and their
 * webhooks (delivered more than once: one gift, one link mail), granting the buyer nothing; redeemed once,
 * also when members race for it; refused when unknown, used, refunded, revoked or while impersonating; a
 * refund voids an unredeemed gift or removes a redeemed pass exactly once; the buyer's list, receipt and
 * "send again" are the buyer's alone; only a hash of the token is stored.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';

const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-gifts-'));
const STRIPE_SECRET = 'whsec_gifts_test_secret';
const MIDTRANS_KEY = 'SB-Mid-server-gifts-test';
Object.assign(process.env, {
  DATA_DIR: dataDir,
  STRIPE_SECRET_KEY: 'sk_test_gifts',
  STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  MIDTRANS_SERVER_KEY: MIDTRANS_KEY,
  SMTP_URL: '',
});

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { auditLog, giftPasses, memberships, paymentEvents, payments } from '../../src/server/db/schema';
import { startCheckout } from '../../src/server/services/payments';
import { handleWebhook } from '../../src/server/services/payments';
import { fulfil } from '../../src/server/services/payments';
import { findReceipt } from '../../src/server/services/payments';
import { refundPayment } from '../../src/server/services/admin';
import { currentTier } from '../../src/server/services/membership';
import { lockMember } from '../../src/server/services/payments';
import {
  giftByToken,
  giftsBoughtBy,
  listGifts,
  parseGiftInput,
  redeemGift,
  resendGift,
  revokeGift,
} from '../../src/server/services/membership';
import { sha256 } from '../../src/server/services/accounts';
import { addMonthsWib, DAY_MS } from '../../src/domain/dates';
import { IMPERSONATION_REFUSAL } from '../../src/server/auth/guards';
import { startStripeStandIn } from '../stand-ins/stripe';
import { startMidtransStandIn } from '../stand-ins/midtrans';
import { createUser, grantTier } from '../factories/users';
import { executeRows } from '../../src/server/db/rows';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const LATER = new Date('2026-11-25T09:00:00+07:00');
const BASE = 'http://localhost:4321';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
function mailsTo(to: string): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === to);
}
function tokenIn(mail: Mail): string {
  return /\/hadiah\?t=([\w-]+)/.exec(mail.text)![1]!;
}

describe('gift passes', () => {
  let h: DbHandle;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let midtrans: Awaited<ReturnType<typeof startMidtransStandIn>>;
  let adminId: string;
  let recipientN = 0;
  const webhook = (provider: 'stripe' | 'midtrans', rawBody: string, headers: Record<string, string>) =>
    handleWebhook(h.db, provider, { rawBody, headers: new Headers(headers) }, { now: NOW, baseUrl: BASE });

  beforeAll(async () => {
    stripe = await startStripeStandIn({
      webhookSecret: STRIPE_SECRET,
      receive: async (payload, headers) => (await webhook('stripe', payload, headers)).status,
    });
    midtrans = await startMidtransStandIn({
      serverKey: MIDTRANS_KEY,
      receive: async (body) => (await webhook('midtrans', body, {})).status,
    });
    process.env.STRIPE_API_BASE = stripe.url;
    process.env.MIDTRANS_API_BASE = midtrans.url;
    h = await createTestDb();
    adminId = (await createUser(h.db, { role: 'admin' })).id;
  });
  afterAll(async () => {
    await stripe.close();
    await midtrans.close();
    await h.close();
  });

  const newRecipient = () => `penerima${++recipientN}-${Date.now()}@contoh.id`;
  const giftOf = async (paymentId: string) =>
    (await h.db.select().from(giftPasses).where(eq(giftPasses.paymentId, paymentId)))[0]!;
  const passesOf = (userId: string) => h.db.select().from(memberships).where(eq(memberships.userId, userId));
  const auditsOf = (action: string) => h.db.select().from(auditLog).where(eq(auditLog.action, action));

  /** A member buys `planId` as a gift for `to` and the provider settles it, its webhook delivered `times` times. */
  async function buyGift(
    provider: 'stripe' | 'midtrans',
    planId: string,
    to: string,
    times = 1,
    message = '',
    from?: Awaited<ReturnType<typeof createUser>>,
  ) {
    const buyer = from ?? (await createUser(h.db, { name: 'Budi Pemberi' }));
    const parsed = parseGiftInput({ recipientEmail: to, giftMessage: message }, buyer.email);
    if (!parsed.ok) throw new Error(parsed.message);
    const started = await startCheckout(
      h.db,
      buyer,
      { planId, providerId: provider, gift: parsed.gift },
      { baseUrl: BASE, now: NOW },
    );
    if (!started.ok) throw new Error(started.message);
    const [p] = await h.db.select().from(payments).where(eq(payments.id, started.paymentId));
    if (provider === 'stripe') await stripe.complete(p!.providerRef!, 'bayar', times);
    else await midtrans.setStatus(p!.providerRef!, 'settlement', { payment_type: 'qris' }, times);
    const [paid] = await h.db.select().from(payments).where(eq(payments.id, started.paymentId));
    return { buyer, payment: paid!, token: tokenIn(mailsTo(to).at(-1)!) };
  }

  it('checks the recipient and the note, naming the field', () => {
    const me = 'saya@contoh.id';
    expect(parseGiftInput({ recipientEmail: '  ' }, me)).toEqual({
      ok: false,
      field: 'recipientEmail',
      message: 'Email penerima wajib diisi.',
    });
    expect(parseGiftInput({ recipientEmail: 'bukan-email' }, me)).toMatchObject({
      ok: false,
      field: 'recipientEmail',
      message: expect.stringMatching(/^Email penerima: format email tidak valid/),
    });
    expect(parseGiftInput({ recipientEmail: ' SAYA@contoh.id ' }, me)).toMatchObject({
      ok: false,
      field: 'recipientEmail',
      message: 'Email penerima: ini alamat Anda sendiri. Untuk diri sendiri, beli paket biasa.',
    });
    expect(parseGiftInput({ recipientEmail: 'a@contoh.id', giftMessage: 'x'.repeat(301) }, me)).toEqual({
      ok: false,
      field: 'giftMessage',
      message: 'Pesan untuk penerima: paling banyak 300 karakter (sekarang 301).',
    });
    expect(parseGiftInput({ recipientEmail: ' Teman@Contoh.ID ', giftMessage: ' Selamat! ' }, me)).toEqual({
      ok: true,
      gift: { email: 'teman@contoh.id', message: 'Selamat!' },
    });
  });

  it('Stripe: a webhook delivered three times and resent makes one gift and one link mail; the buyer gets nothing', async () => {
    const to = newRecipient();
    const { buyer, payment, token } = await buyGift('stripe', 'premium-1', to, 3, 'Selamat ulang tahun!');
    expect(payment).toMatchObject({ status: 'paid', gift: true, amount: 299_000, periodStartsAt: null });
    const gift = await giftOf(payment.id);
    expect(gift).toMatchObject({ status: 'active', recipientEmail: to, buyerId: buyer.id, redeemedBy: null });
    // Only the hash is kept: 64 hex characters that are not the token, and name no gift when used as one.
    expect(gift.tokenHash).toBe(sha256(token));
    expect(gift.tokenHash).not.toContain(token);
    expect(await giftByToken(h.db, gift.tokenHash!)).toBeNull();
    expect(await passesOf(buyer.id)).toEqual([]);
    expect(await currentTier(h.db, buyer.id, NOW)).toEqual({ tier: 'gratis', endsAt: null });

    const sent = stripe.sent.find(
      (e) => e.type === 'checkout.session.completed' && e.payload?.includes(payment.providerRef!),
    )!;
    expect(await stripe.resend(sent.id, 2)).toEqual([200, 200]);
    expect(await h.db.select().from(giftPasses).where(eq(giftPasses.paymentId, payment.id))).toHaveLength(1);
    expect((await giftOf(payment.id)).tokenHash).toBe(gift.tokenHash);
    expect(await h.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(1);

    const links = mailsTo(to);
    expect(links).toHaveLength(1);
    expect(links[0]!.subject).toBe('Budi Pemberi memberi Anda hadiah: Telaah Premium 1 bulan');
    expect(links[0]!.text).toContain(`${BASE}/hadiah?t=${token}`);
    expect(links[0]!.text).toContain('"Selamat ulang tahun!"');
    const receipts = mailsTo(buyer.email).filter((m) => m.subject.startsWith('Kuitansi'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`Paket: Hadiah keanggotaan Premium 1 bulan untuk ${to}`);
    expect(receipts[0]!.text).toContain('Masa aktif: dimulai saat penerima menukarkan hadiah');
    expect((await findReceipt(h.db, buyer.id, payment.id))!.gift).toEqual({
      recipientEmail: to,
      status: 'active',
      redeemedAt: null,
    });
    expect(await auditsOf('gift.paid')).toContainEqual(
      expect.objectContaining({ actorId: buyer.id, details: expect.objectContaining({ giftId: gift.id }) }),
    );
  });

  it('Midtrans: a notification delivered three times makes one gift and one link mail', async () => {
    const to = newRecipient();
    const { payment, token } = await buyGift('midtrans', 'reguler-3', to, 3);
    expect(payment).toMatchObject({ status: 'paid', gift: true, amount: 399_000 });
    expect((await giftOf(payment.id)).status).toBe('active');
    expect(mailsTo(to)).toHaveLength(1);
    expect((await giftByToken(h.db, token))!.plan).toEqual({ planId: 'reguler-3', tier: 'reguler', months: 3 });
  });

  it('redeems once, as a purchase at that moment; the second time is refused and writes nothing', async () => {
    const to = newRecipient();
    const { payment, token } = await buyGift('stripe', 'premium-1', to);
    const recipient = await createUser(h.db);
    const first = await redeemGift(h.db, token, recipient.id, null, LATER);
    expect(first).toEqual({
      ok: true,
      tier: 'premium',
      endsAt: addMonthsWib(LATER, 1),
      message: `Hadiah diterima: Premium 1 bulan, aktif sampai ${new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' }).format(addMonthsWib(LATER, 1))}.`,
    });
    expect(await passesOf(recipient.id)).toMatchObject([
      { tier: 'premium', source: 'payment', paymentId: payment.id, startsAt: LATER, endsAt: addMonthsWib(LATER, 1) },
    ]);
    expect(await currentTier(h.db, recipient.id, LATER)).toEqual({ tier: 'premium', endsAt: addMonthsWib(LATER, 1) });
    expect(await giftOf(payment.id)).toMatchObject({ status: 'redeemed', redeemedBy: recipient.id, redeemedAt: LATER });

    const other = await createUser(h.db);
    for (const who of [recipient.id, other.id]) {
      const again = await redeemGift(h.db, token, who, null, new Date(LATER.getTime() + DAY_MS));
      expect(again).toMatchObject({ ok: false, status: 409 });
      expect(!again.ok && again.message).toMatch(
        /^Hadiah ini sudah ditukar pada .+; setiap hadiah hanya bisa ditukar sekali\.$/,
      );
    }
    expect(await passesOf(other.id)).toEqual([]);
    expect(await passesOf(recipient.id)).toHaveLength(1);
    expect((await auditsOf('gift.redeem')).filter((a) => a.subjectId === recipient.id)).toHaveLength(1);
  });

  it('extends a running pass of the same tier, like a renewal', async () => {
    const { token } = await buyGift('stripe', 'reguler-1', newRecipient());
    const member = await createUser(h.db);
    const until = new Date(LATER.getTime() + 10 * DAY_MS);
    await grantTier(h.db, member.id, 'reguler', NOW, until);
    const r = await redeemGift(h.db, token, member.id, null, LATER);
    expect(r).toMatchObject({ ok: true, endsAt: addMonthsWib(until, 1) });
  });

  it('of members racing for one link, exactly one wins', async () => {
    const { payment, token } = await buyGift('stripe', 'premium-3', newRecipient());
    const racers = await Promise.all(Array.from({ length: 4 }, () => createUser(h.db)));
    const results = await Promise.all(racers.map((r) => redeemGift(h.db, token, r.id, null, LATER)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409, 409, 409]);
    const winner = racers[results.findIndex((r) => r.ok)]!;
    expect(await h.db.select().from(memberships).where(eq(memberships.paymentId, payment.id))).toMatchObject([
      { userId: winner.id, tier: 'premium' },
    ]);
    expect(
      (await auditsOf('gift.redeem')).filter((a) => (a.details as { paymentId: string }).paymentId === payment.id),
    ).toHaveLength(1);
  });

  it('refuses unknown and malformed links, and an admin acting as the member', async () => {
    const { payment, token } = await buyGift('stripe', 'reguler-1', newRecipient());
    const member = await createUser(h.db);
    const unknown = 'A'.repeat(43);
    for (const t of [unknown, 'pendek', `${token}x`, '', sha256(token)])
      expect(await redeemGift(h.db, t, member.id, null, LATER)).toEqual({
        ok: false,
        status: 404,
        message: 'Tautan hadiah tidak dikenal. Periksa kembali tautan di email Anda.',
      });
    expect(await redeemGift(h.db, token, member.id, adminId, LATER)).toEqual({
      ok: false,
      status: 403,
      message: IMPERSONATION_REFUSAL,
    });
    expect((await giftOf(payment.id)).status).toBe('active');
    expect(await passesOf(member.id)).toEqual([]);
  });

  it("shows a buyer's gifts, receipts and 'send again' to the buyer only", async () => {
    const to = newRecipient();
    const { buyer, payment, token } = await buyGift('stripe', 'reguler-1', to);
    const stranger = await createUser(h.db);
    expect((await giftsBoughtBy(h.db, buyer.id)).map((g) => g.id)).toEqual([(await giftOf(payment.id)).id]);
    expect(await giftsBoughtBy(h.db, stranger.id)).toEqual([]);
    expect(await findReceipt(h.db, stranger.id, payment.id)).toBeNull();
    const giftId = (await giftOf(payment.id)).id;
    const later = new Date(NOW.getTime() + 5 * 60_000);
    expect(
      await resendGift(h.db, stranger, null, { giftId, recipientEmail: 'pencuri@contoh.id' }, later, BASE),
    ).toEqual({
      ok: false,
      status: 404,
      message: 'Hadiah tidak ditemukan.',
    });
    expect(mailsTo('pencuri@contoh.id')).toEqual([]);
    expect(await resendGift(h.db, buyer, adminId, { giftId, recipientEmail: to }, later, BASE)).toMatchObject({
      ok: false,
      status: 403,
    });
    // Too soon after the first mail; then corrected to another address, the old link stops working.
    expect(
      await resendGift(h.db, buyer, null, { giftId, recipientEmail: to }, new Date(NOW.getTime() + 30_000), BASE),
    ).toMatchObject({
      ok: false,
      status: 429,
    });
    const fixed = newRecipient();
    expect(
      await resendGift(h.db, buyer, null, { giftId, recipientEmail: ` ${fixed.toUpperCase()} ` }, later, BASE),
    ).toEqual({
      ok: true,
      message: `Tautan hadiah dikirim ulang ke ${fixed}. Tautan sebelumnya tidak berlaku lagi.`,
    });
    const fresh = tokenIn(mailsTo(fixed)[0]!);
    expect(fresh).not.toBe(token);
    const member = await createUser(h.db);
    expect(await redeemGift(h.db, token, member.id, null, LATER)).toMatchObject({ ok: false, status: 404 });
    expect(await redeemGift(h.db, fresh, member.id, null, LATER)).toMatchObject({ ok: true });
    expect(await resendGift(h.db, buyer, null, { giftId, recipientEmail: fixed }, LATER, BASE)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await giftsBoughtBy(h.db, buyer.id))[0]).toMatchObject({ status: 'redeemed', redeemedAt: LATER });
  });

  it("'send again' is capped at 3 resends per gift, each audited with the old and new address", async () => {
    const to = newRecipient();
    const { buyer, payment } = await buyGift('stripe', 'reguler-1', to, 1, 'Klik tautan ini');
    const giftId = (await giftOf(payment.id)).id;
    const targets = [newRecipient(), newRecipient(), newRecipient()];
    for (const [i, target] of targets.entries()) {
      const at = new Date(NOW.getTime() + (i + 1) * 5 * 60_000);
      expect(await resendGift(h.db, buyer, null, { giftId, recipientEmail: target }, at, BASE)).toMatchObject({
        ok: true,
      });
      expect(mailsTo(target)).toHaveLength(1);
    }
    const audits = (await auditsOf('gift.resend')).filter((a) => (a.details as { giftId: string }).giftId === giftId);
    expect(audits.map((a) => [a.actorId, a.details])).toEqual([
      [buyer.id, expect.objectContaining({ from: to, to: targets[0] })],
      [buyer.id, expect.objectContaining({ from: targets[0], to: targets[1] })],
      [buyer.id, expect.objectContaining({ from: targets[1], to: targets[2] })],
    ]);
    // A fourth, even a day later and to another address: refused, nothing written, nothing mailed.
    const before = await giftOf(payment.id);
    const victim = newRecipient();
    expect(
      await resendGift(h.db, buyer, null, { giftId, recipientEmail: victim }, new Date(LATER.getTime() + DAY_MS), BASE),
    ).toEqual({
      ok: false,
      status: 429,
      message:
        'Tautan hadiah ini sudah dikirim ulang 3 kali, batas yang diizinkan. Hubungi Telaah bila penerima belum menerimanya.',
    });
    expect(mailsTo(victim)).toEqual([]);
    expect(await giftOf(payment.id)).toEqual(before);
    expect(
      (await auditsOf('gift.resend')).filter((a) => (a.details as { giftId: string }).giftId === giftId),
    ).toHaveLength(3);
  });

  it('a refund voids an unredeemed gift: its link is refused', async () => {
    const { buyer, payment, token } = await buyGift('stripe', 'premium-1', newRecipient());
    const refunded = await refundPayment(h.db, adminId, buyer.id, payment.id, 'salah beli', {
      now: LATER,
      baseUrl: BASE,
    });
    expect(refunded.ok).toBe(true);
    // The stand-in's refund webhook arrives before the console's own call returns: it voids the gift.
    expect((await giftOf(payment.id)).status).toBe('void');
    const member = await createUser(h.db);
    expect(await redeemGift(h.db, token, member.id, null, LATER)).toEqual({
      ok: false,
      status: 410,
      message: 'Hadiah ini dibatalkan karena pembayarannya dikembalikan.',
    });
    expect(await passesOf(member.id)).toEqual([]);
    expect(
      (await auditsOf('gift.void')).filter((a) => (a.details as { paymentId: string }).paymentId === payment.id),
    ).toHaveLength(1);
  });

  it("a refund after redemption removes the recipient's pass exactly once, whichever messenger comes", async () => {
    const { buyer, payment, token } = await buyGift('midtrans', 'premium-1', newRecipient());
    const member = await createUser(h.db);
    expect(await redeemGift(h.db, token, member.id, null, LATER)).toMatchObject({ ok: true });
    expect(await passesOf(member.id)).toHaveLength(1);
    const refunded = await refundPayment(h.db, adminId, buyer.id, payment.id, 'pembeli minta batal', {
      now: new Date(LATER.getTime() + DAY_MS),
      baseUrl: BASE,
    });
    expect(refunded.ok).toBe(true);
    expect(await passesOf(member.id)).toEqual([]);
    expect(await currentTier(h.db, member.id, new Date(LATER.getTime() + DAY_MS))).toEqual({
      tier: 'gratis',
      endsAt: null,
    });
    // A late provider message changes nothing more.
    const again = await fulfil(
      h.db,
      { provider: 'midtrans', ref: payment.providerRef!, paymentId: payment.id, status: 'refunded' },
      { now: new Date(LATER.getTime() + 2 * DAY_MS) },
    );
    expect(again.change).toBe('unchanged');
    const removed = (await auditsOf('gift.refund-removed')).filter(
      (a) => (a.details as { paymentId: string }).paymentId === payment.id,
    );
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ subjectId: member.id });
    // It reads as refunded everywhere, no longer "sudah ditukar"; who redeemed it is kept.
    expect(await giftOf(payment.id)).toMatchObject({
      status: 'void',
      endedAt: expect.any(Date),
      redeemedBy: member.id,
      redeemedAt: LATER,
    });
    const giftId = (await giftOf(payment.id)).id;
    expect((await giftsBoughtBy(h.db, buyer.id))[0]).toMatchObject({ id: giftId, status: 'void' });
    expect((await listGifts(h.db)).find((g) => g.id === giftId)).toMatchObject({ status: 'void' });
    expect((await findReceipt(h.db, buyer.id, payment.id))!.gift).toMatchObject({ status: 'void' });
    expect(await redeemGift(h.db, token, member.id, null, new Date(LATER.getTime() + 3 * DAY_MS))).toEqual({
      ok: false,
      status: 410,
      message: 'Hadiah ini dibatalkan karena pembayarannya dikembalikan.',
    });
  });

  it('two members who gift each other: a refund of one gift and the redemption of the other never deadlock', async () => {
    const [ani, budi] = [await createUser(h.db), await createUser(h.db)];
    // Ani's gift to Budi, redeemed; Budi's gift to Ani, not yet.
    const toBudi = await buyGift('stripe', 'reguler-1', budi.email, 1, '', ani);
    expect(await redeemGift(h.db, toBudi.token, budi.id, null, LATER)).toMatchObject({ ok: true });
    const toAni = await buyGift('stripe', 'reguler-1', ani.email, 1, '', budi);
    // Ani's payment refunded (her lock, then Budi's as the redeemer) while Ani redeems Budi's gift (Budi's
    // lock as the buyer, then hers): by roles the two take the same pair of locks in opposite orders.
    const refund = () =>
      fulfil(
        h.db,
        { provider: 'stripe', ref: toBudi.payment.providerRef!, paymentId: toBudi.payment.id, status: 'refunded' },
        { now: new Date(LATER.getTime() + DAY_MS) },
      );
    const redeem = () => redeemGift(h.db, toAni.token, ani.id, null, new Date(LATER.getTime() + DAY_MS));
    let outcomes: PromiseSettledResult<unknown>[];
    if (h.kind === 'postgres') {
      const waiting = async () =>
        (
          await executeRows<{ n: number }>(
            h.db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]!.n;
      // A third connection holds Ani's row until both have started and wait: the refund first, then the
      // redemption. Released, they would cross (PostgreSQL cancels one as a deadlock) unless both take the
      // pair in one order.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const aniLocked = new Promise<void>((r) => (locked = r));
      const holder = h.db.transaction(async (tx) => {
        await lockMember(tx, ani.id);
        locked();
        await held;
      });
      await aniLocked;
      const refunding = refund();
      await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      const redeeming = redeem();
      await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      release();
      await holder;
      outcomes = await Promise.allSettled([refunding, redeeming]);
    } else outcomes = await Promise.allSettled([refund(), redeem()]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect(outcomes[0]).toMatchObject({ value: { change: 'revoked' } });
    expect(outcomes[1]).toMatchObject({ value: { ok: true } });
    // Budi lost the refunded gift's pass; Ani has the one Budi gave her.
    expect(await passesOf(budi.id)).toEqual([]);
    expect((await passesOf(ani.id)).map((p) => p.paymentId)).toEqual([toAni.payment.id]);
  });

  it('an admin revokes an unredeemed gift (audited with the reason), never a redeemed one', async () => {
    const { buyer, payment, token } = await buyGift('stripe', 'reguler-1', newRecipient());
    const giftId = (await giftOf(payment.id)).id;
    expect(await revokeGift(h.db, adminId, { giftId, reason: '' }, LATER)).toMatchObject({ ok: false, status: 400 });
    expect(await revokeGift(h.db, adminId, { giftId: 'bukan-id', reason: 'penipuan' }, LATER)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await revokeGift(h.db, adminId, { giftId, reason: 'kartu curian' }, LATER)).toMatchObject({ ok: true });
    expect(await giftOf(payment.id)).toMatchObject({ status: 'revoked', revokedBy: adminId, endedAt: LATER });
    const [entry] = (await auditsOf('admin.gift-revoke')).filter(
      (a) => (a.details as { giftId: string }).giftId === giftId,
    );
    expect(entry).toMatchObject({ actorId: adminId, subjectId: buyer.id, details: { reason: 'kartu curian' } });
    const member = await createUser(h.db);
    expect(await redeemGift(h.db, token, member.id, null, LATER)).toEqual({
      ok: false,
      status: 410,
      message: 'Hadiah ini sudah dibatalkan oleh Telaah.',
    });
    expect(await revokeGift(h.db, adminId, { giftId, reason: 'lagi' }, LATER)).toMatchObject({
      ok: false,
      status: 410,
    });

    const redeemed = await buyGift('stripe', 'reguler-1', newRecipient());
    await redeemGift(h.db, redeemed.token, member.id, null, LATER);
    const redeemedId = (await giftOf(redeemed.payment.id)).id;
    expect(await revokeGift(h.db, adminId, { giftId: redeemedId, reason: 'terlambat' }, LATER)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await listGifts(h.db)).find((g) => g.id === redeemedId)).toMatchObject({
      status: 'redeemed',
      redeemedById: member.id,
      buyerId: redeemed.buyer.id,
    });
  });

  it('a checkout never paid leaves a pending gift with no token, invisible to the buyer and the console', async () => {
    const buyer = await createUser(h.db);
    const started = await startCheckout(
      h.db,
      buyer,
      { planId: 'reguler-1', providerId: 'stripe', gift: { email: newRecipient(), message: null } },
      { baseUrl: BASE, now: NOW },
    );
    if (!started.ok) throw new Error(started.message);
    const gift = await giftOf(started.paymentId);
    expect(gift).toMatchObject({ status: 'pending', tokenHash: null });
    expect(await giftsBoughtBy(h.db, buyer.id)).toEqual([]);
    expect((await listGifts(h.db)).some((g) => g.id === gift.id)).toBe(false);
    expect(
      await h.db
        .select()
        .from(giftPasses)
        .where(and(eq(giftPasses.buyerId, buyer.id), eq(giftPasses.status, 'active'))),
    ).toEqual([]);
  });
});
