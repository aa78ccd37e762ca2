/**
 * Gift passes (docs/product.md §6 and §7.2, decision 0041). A member pays, like any purchase, for a plan
 * for someone else's address; the payment grants the buyer nothing. When it settles, fulfil() activates
 * the gift (a random token, only its hash stored) and the recipient is mailed a link. Whoever opens that
 * link signed in and accepts it gets the plan exactly as if they had bought it at that moment: the pass
 * replay (payments/schedule.ts) reads redeemed gifts as purchases. Once, by the database: the redemption is
 * a conditional update of the gift row (`status = 'active'`), taken after the buyer's and the redeemer's
 * row locks, so of racing redemptions one wins and the others are refused; a refund of the payment voids
 * an unredeemed gift in the same transaction, or removes the redeemed pass through the replay.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { executeRows } from '../../db/rows';
import { auditLog, giftPasses, payments, users, type GiftStatus } from '../../db/schema';
import { formatDate, formatDateTime } from '../../../lib/format';
import { TIER_LABEL, planLabel } from '../../../lib/labels';
import { IMPERSONATION_REFUSAL } from '../../auth/guards';
import { sendMail } from '../../integrations/mail';
import { emailSchema } from '../accounts/accounts';
import { audit } from '../audit';
import { sha256 } from '../accounts/email-tokens';
import { lockMember, lockMembers, recomputePasses } from '../payments/schedule';
import { log } from '../../log';
import { configuredOrigin } from '../../site';
import { mailBody, SIGN_OFF } from '../../mail-body';

type Payment = typeof payments.$inferSelect;
export type GiftPass = typeof giftPasses.$inferSelect;

export const GIFT_MESSAGE_MAX = 300;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The recipient's link: the token in the query, which request logs leave out. */
function giftPath(token: string): string {
  return `/hadiah?t=${token}`;
}

// ---------------------------------------------------------------------------------------------------
// What the buyer types on /pay

export type GiftInput = { email: string; message: string | null };
export type GiftInputResult =
  { ok: true; gift: GiftInput } | { ok: false; field: 'recipientEmail' | 'giftMessage'; message: string };

/** The recipient's address and the note, checked; messages name the field. */
export function parseGiftInput(
  raw: { recipientEmail?: unknown; giftMessage?: unknown },
  buyerEmail: string,
): GiftInputResult {
  const typed = typeof raw.recipientEmail === 'string' ? raw.recipientEmail.trim() : '';
  if (!typed) return { ok: false, field: 'recipientEmail', message: 'Email penerima wajib diisi.' };
  const email = emailSchema.safeParse(typed);
  if (!email.success)
    return {
      ok: false,
      field: 'recipientEmail',
      message: `Email penerima: ${email.error.issues[0]!.message.replace(/^Email /, '').replace(/^./, (c) => c.toLowerCase())}`,
    };
  if (email.data === buyerEmail.trim().toLowerCase())
    return {
      ok: false,
      field: 'recipientEmail',
      message: 'Email penerima: ini alamat Anda sendiri. Untuk diri sendiri, beli paket biasa.',
    };
  const note = typeof raw.giftMessage === 'string' ? raw.giftMessage.replace(/\r\n?/g, '\n').trim() : '';
  if (note.length > GIFT_MESSAGE_MAX)
    return {
      ok: false,
      field: 'giftMessage',
      message: `Pesan untuk penerima: paling banyak ${GIFT_MESSAGE_MAX} karakter (sekarang ${note.length}).`,
    };
  return { ok: true, gift: { email: email.data, message: note || null } };
}

// ---------------------------------------------------------------------------------------------------
// Inside fulfil(): paid and refunded

/**
 * Activates the gift of a payment that has just moved to `paid` (fulfil's conditional update made this
 * caller the only one): a fresh token, its hash stored. Returns the plain token (the only time it exists).
 */
export async function activateGift(
  tx: Tx,
  payment: Payment,
  now: Date,
): Promise<{ gift: GiftPass; token: string } | null> {
  const token = randomBytes(32).toString('base64url');
  const [gift] = await tx
    .update(giftPasses)
    .set({ status: 'active', tokenHash: sha256(token), sentAt: now })
    .where(and(eq(giftPasses.paymentId, payment.id), eq(giftPasses.status, 'pending')))
    .returning();
  if (!gift) return null;
  await audit(tx, {
    at: now,
    actorId: payment.userId,
    subjectId: payment.userId,
    action: 'gift.paid',
    details: { giftId: gift.id, paymentId: payment.id, planId: payment.planId },
  });
  return { gift, token };
}

/**
 * A gift payment moved to `refunded` (by whichever messenger came first): an unredeemed gift becomes void;
 * a redeemed one becomes void too and loses its pass (the replay reads only redeemed gifts), exactly once.
 */
export async function refundGift(tx: Tx, payment: Payment, now: Date, actorId: string | null): Promise<void> {
  const [voided] = await tx
    .update(giftPasses)
    .set({ status: 'void', endedAt: now })
    .where(and(eq(giftPasses.paymentId, payment.id), inArray(giftPasses.status, ['pending', 'active'])))
    .returning({ id: giftPasses.id });
  if (voided) {
    await audit(tx, {
      at: now,
      actorId,
      subjectId: payment.userId,
      action: 'gift.void',
      details: { giftId: voided.id, paymentId: payment.id },
    });
    return;
  }
  const [found] = await tx.select().from(giftPasses).where(eq(giftPasses.paymentId, payment.id));
  if (found?.status !== 'redeemed' || !found.redeemedBy) return;
  // fulfil() has locked the buyer and this redeemer already, in id order (giftRedeemer); locking again is
  // a no-op within the transaction and keeps this function safe on its own.
  await lockMember(tx, found.redeemedBy);
  // A redeemed gift refunded reads as refunded ('void'), not "sudah ditukar"; who redeemed it stays.
  const [gift] = await tx
    .update(giftPasses)
    .set({ status: 'void', endedAt: now })
    .where(and(eq(giftPasses.id, found.id), eq(giftPasses.status, 'redeemed')))
    .returning();
  if (!gift?.redeemedBy) return;
  await recomputePasses(tx, gift.redeemedBy);
  await audit(tx, {
    at: now,
    actorId,
    subjectId: gift.redeemedBy,
    action: 'gift.refund-removed',
    details: { giftId: gift.id, paymentId: payment.id },
  });
}

/**
 * Who redeemed the gift of a payment (null: nobody yet, or not a gift). fulfil() reads it before taking
 * locks, so that it can lock the buyer and the redeemer together in id order.
 */
export async function giftRedeemer(tx: Tx, paymentId: string): Promise<string | null> {
  const [g] = await tx
    .select({ redeemedBy: giftPasses.redeemedBy })
    .from(giftPasses)
    .where(eq(giftPasses.paymentId, paymentId));
  return g?.redeemedBy ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Mail

interface GiftMailFacts {
  token: string;
  recipientEmail: string;
  message: string | null;
  buyerName: string;
  plan: { tier: Payment['tier']; months: number };
}

/** Mails the recipient their link. */
async function sendGiftMail(facts: GiftMailFacts, baseUrl = configuredOrigin()): Promise<void> {
  const link = `${baseUrl}${giftPath(facts.token)}`;
  const what = `Telaah ${planLabel(facts.plan)}`;
  await sendMail({
    to: facts.recipientEmail,
    subject: `${facts.buyerName} memberi Anda hadiah: ${what}`,
    ...mailBody([
      { p: 'Halo,' },
      {
        p: `${facts.buyerName} membelikan Anda keanggotaan ${what} — riset saham BEI, kursus, dan pelacak portofolio.`,
      },
      ...(facts.message ? [{ lead: `Pesan dari ${facts.buyerName}:`, quote: facts.message }] : []),
      {
        lead: 'Terima hadiah Anda di tautan ini (masuk atau daftar gratis, lalu klik "Terima hadiah"):',
        label: 'Terima hadiah',
        href: link,
      },
      { p: 'Hadiah ini hanya bisa ditukar sekali. Jangan bagikan tautannya kepada orang lain.' },
      SIGN_OFF,
    ]),
  });
}

/** Mails the link of a gift just activated by fulfil(); a failure is logged (the buyer can send it again). */
export async function mailActivatedGift(db: Db, payment: Payment, token: string, baseUrl?: string): Promise<void> {
  const [row] = await db
    .select({ gift: giftPasses, buyerName: users.name })
    .from(giftPasses)
    .leftJoin(users, eq(users.id, giftPasses.buyerId))
    .where(eq(giftPasses.paymentId, payment.id));
  if (!row) return;
  await sendGiftMail(
    {
      token,
      recipientEmail: row.gift.recipientEmail,
      message: row.gift.message,
      buyerName: row.buyerName ?? 'Seorang anggota Telaah',
      plan: payment,
    },
    baseUrl,
  );
}

// ---------------------------------------------------------------------------------------------------
// The link

export interface GiftView {
  gift: GiftPass;
  plan: { planId: string; tier: Payment['tier']; months: number };
  buyerName: string;
}

/** The gift a link's token names, or null (unknown, malformed, or never paid). */
export async function giftByToken(db: Db, token: string): Promise<GiftView | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      gift: giftPasses,
      planId: payments.planId,
      tier: payments.tier,
      months: payments.months,
      buyerName: users.name,
    })
    .from(giftPasses)
    .innerJoin(payments, eq(payments.id, giftPasses.paymentId))
    .leftJoin(users, eq(users.id, giftPasses.buyerId))
    .where(eq(giftPasses.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.gift.status === 'pending') return null;
  return {
    gift: row.gift,
    plan: { planId: row.planId, tier: row.tier, months: row.months },
    buyerName: row.buyerName ?? 'Seorang anggota Telaah',
  };
}

export type RedeemResult =
  | { ok: true; message: string; tier: Payment['tier']; endsAt: Date }
  | { ok: false; status: 403 | 404 | 409 | 410; message: string };

export const GIFT_UNKNOWN = 'Tautan hadiah tidak dikenal. Periksa kembali tautan di email Anda.';

/** Why a gift in `status` cannot be redeemed (null: it can). */
export function giftRefusal(
  gift: Pick<GiftPass, 'status' | 'redeemedAt'>,
): Extract<RedeemResult, { ok: false }> | null {
  switch (gift.status) {
    case 'active':
      return null;
    case 'redeemed':
      return {
        ok: false,
        status: 409,
        message: `Hadiah ini sudah ditukar${gift.redeemedAt ? ` pada ${formatDateTime(gift.redeemedAt)}` : ''}; setiap hadiah hanya bisa ditukar sekali.`,
      };
    case 'void':
      return { ok: false, status: 410, message: 'Hadiah ini dibatalkan karena pembayarannya dikembalikan.' };
    case 'revoked':
      return { ok: false, status: 410, message: 'Hadiah ini sudah dibatalkan oleh Telaah.' };
    default:
      return { ok: false, status: 404, message: GIFT_UNKNOWN };
  }
}

/**
 * Redeems the gift a token names for `userId`, once. `actorId` is the impersonating admin, if any: support
 * never redeems a gift for a member. Refusals write nothing.
 */
export async function redeemGift(
  db: Db,
  token: string,
  userId: string,
  actorId: string | null,
  now: Date,
): Promise<RedeemResult> {
  if (actorId) return { ok: false, status: 403, message: IMPERSONATION_REFUSAL };
  if (!TOKEN_SHAPE.test(token)) return { ok: false, status: 404, message: GIFT_UNKNOWN };
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: giftPasses.id, buyerId: giftPasses.buyerId })
      .from(giftPasses)
      .where(eq(giftPasses.tokenHash, hash));
    if (!found) return { ok: false as const, status: 404 as const, message: GIFT_UNKNOWN };
    // Both members in id order, as a refund of a gift takes its buyer and redeemer. The buyer's lock also
    // serialises this with a refund of the payment (fulfil() holds it).
    await lockMembers(tx, [found.buyerId, userId]);
    const [won] = await tx
      .update(giftPasses)
      .set({ status: 'redeemed', redeemedBy: userId, redeemedAt: now })
      .where(
        and(
          eq(giftPasses.id, found.id),
          eq(giftPasses.tokenHash, hash),
          eq(giftPasses.status, 'active'),
          sql`exists (select 1 from ${payments} where ${payments.id} = ${giftPasses.paymentId} and ${payments.status} = 'paid')`,
        ),
      )
      .returning();
    if (!won) {
      const [now_] = await tx
        .select({ status: giftPasses.status, redeemedAt: giftPasses.redeemedAt })
        .from(giftPasses)
        .where(eq(giftPasses.id, found.id));
      return (
        giftRefusal(now_ ?? { status: 'pending', redeemedAt: null }) ?? {
          ok: false as const,
          status: 409 as const,
          message: GIFT_UNKNOWN,
        }
      );
    }
    const pass = (await recomputePasses(tx, userId)).get(won.paymentId);
    const [p] = await tx
      .select({ tier: payments.tier, months: payments.months, planId: payments.planId })
      .from(payments)
      .where(eq(payments.id, won.paymentId));
    await audit(tx, {
      at: now,
      actorId: userId,
      subjectId: userId,
      action: 'gift.redeem',
      details: {
        giftId: won.id,
        paymentId: won.paymentId,
        buyerId: won.buyerId,
        planId: p!.planId,
        startsAt: pass?.startsAt.toISOString(),
        endsAt: pass?.endsAt.toISOString(),
      },
    });
    const endsAt = pass?.endsAt ?? now;
    return {
      ok: true as const,
      tier: p!.tier,
      endsAt,
      message: `Hadiah diterima: ${TIER_LABEL[p!.tier]} ${p!.months} bulan, aktif sampai ${formatDate(endsAt)}.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// The buyer's list and sending the link again

export interface BoughtGift {
  id: string;
  planId: string;
  tier: Payment['tier'];
  months: number;
  recipientEmail: string;
  status: GiftStatus;
  paidAt: Date | null;
  redeemedAt: Date | null;
  sentAt: Date | null;
  paymentId: string;
  receiptNumber: string | null;
}

/** The gifts `userId` paid for (pending checkouts left out), newest first. Only ever the buyer's own. */
export async function giftsBoughtBy(db: Db, userId: string): Promise<BoughtGift[]> {
  return db
    .select({
      id: giftPasses.id,
      planId: payments.planId,
      tier: payments.tier,
      months: payments.months,
      recipientEmail: giftPasses.recipientEmail,
      status: giftPasses.status,
      paidAt: payments.paidAt,
      redeemedAt: giftPasses.redeemedAt,
      sentAt: giftPasses.sentAt,
      paymentId: payments.id,
      receiptNumber: payments.receiptNumber,
    })
    .from(giftPasses)
    .innerJoin(payments, eq(payments.id, giftPasses.paymentId))
    .where(and(eq(giftPasses.buyerId, userId), inArray(giftPasses.status, ['active', 'redeemed', 'void', 'revoked'])))
    .orderBy(desc(giftPasses.createdAt))
    .limit(100);
}

export type ResendResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409 | 410 | 429 | 503; message: string };

const RESEND_GAP_MS = 60_000;
/** Resends per gift in all: the sender's name and note are the buyer's text, so the link is no mailer. */
export const GIFT_RESEND_MAX = 3;

/**
 * The buyer sends an unredeemed gift's link again, to the same or a corrected address: a new token
 * replaces the old one (the earlier link stops working). At most once a minute and GIFT_RESEND_MAX times
 * per gift, counted from the audit log (each resend is audited with the old and new address).
 */
export async function resendGift(
  db: Db,
  buyer: { id: string; email: string },
  actorId: string | null,
  input: { giftId?: unknown; recipientEmail?: unknown },
  now: Date,
  baseUrl?: string,
): Promise<ResendResult> {
  if (actorId) return { ok: false, status: 403, message: IMPERSONATION_REFUSAL };
  const giftId = typeof input.giftId === 'string' && /^[0-9a-f-]{36}$/i.test(input.giftId) ? input.giftId : null;
  if (!giftId) return { ok: false, status: 404, message: 'Hadiah tidak ditemukan.' };
  const parsed = parseGiftInput({ recipientEmail: input.recipientEmail }, buyer.email);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const token = randomBytes(32).toString('base64url');
  const result = await db.transaction(async (tx) => {
    const [gift] = await tx
      .select()
      .from(giftPasses)
      .where(and(eq(giftPasses.id, giftId), eq(giftPasses.buyerId, buyer.id)))
      .for('update');
    // Someone else's gift is "not found", exactly like an id that does not exist.
    if (!gift || gift.status === 'pending')
      return { ok: false as const, status: 404 as const, message: 'Hadiah tidak ditemukan.' };
    const refusal = giftRefusal(gift);
    if (refusal) return refusal;
    // The gift row is locked, so concurrent resends count each other's audit rows.
    // A resend whose mail failed (gift.resend-failed) gave its place back.
    const [counted] = await tx
      .select({
        resends: sql<number>`(count(*) filter (where ${auditLog.action} = 'gift.resend') - count(*) filter (where ${auditLog.action} = 'gift.resend-failed'))::int`,
      })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, ['gift.resend', 'gift.resend-failed']),
          sql`${auditLog.details}->>'giftId' = ${gift.id}`,
        ),
      );
    if ((counted?.resends ?? 0) >= GIFT_RESEND_MAX)
      return {
        ok: false as const,
        status: 429 as const,
        message: `Tautan hadiah ini sudah dikirim ulang ${GIFT_RESEND_MAX} kali, batas yang diizinkan. Hubungi Telaah bila penerima belum menerimanya.`,
      };
    if (gift.sentAt && now.getTime() - gift.sentAt.getTime() < RESEND_GAP_MS)
      return {
        ok: false as const,
        status: 429 as const,
        message: 'Tautan hadiah baru saja dikirim. Tunggu satu menit sebelum mengirim lagi.',
      };
    const [p] = await tx.select().from(payments).where(eq(payments.id, gift.paymentId));
    await tx
      .update(giftPasses)
      .set({ tokenHash: sha256(token), recipientEmail: parsed.gift.email, sentAt: now })
      .where(eq(giftPasses.id, gift.id));
    await audit(tx, {
      at: now,
      actorId: buyer.id,
      subjectId: buyer.id,
      action: 'gift.resend',
      details: {
        giftId: gift.id,
        from: gift.recipientEmail,
        to: parsed.gift.email,
        addressChanged: parsed.gift.email !== gift.recipientEmail,
      },
    });
    return { ok: true as const, gift, payment: p! };
  });
  if (!result.ok) return result;
  // The new token is committed before the mail and put back if the mail fails. Mailing first instead
  // would check the cap and the minute before any write, so concurrent requests could all mail; mailing
  // inside the transaction would hold the gift row (and embedded PGlite's only connection) over SMTP.
  // On failure the old token, address and sentAt return (only if this resend's token is still the one
  // stored), so the earlier link works again and the buyer may retry at once without using up the cap.
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, buyer.id));
  try {
    await sendGiftMail(
      {
        token,
        recipientEmail: parsed.gift.email,
        message: result.gift.message,
        buyerName: me?.name ?? 'Seorang anggota Telaah',
        plan: result.payment,
      },
      baseUrl,
    );
  } catch (error) {
    log('error', 'gift resend mail failed', { giftId: result.gift.id, error: String(error) });
    await db.transaction(async (tx) => {
      const [restored] = await tx
        .update(giftPasses)
        .set({
          tokenHash: result.gift.tokenHash,
          recipientEmail: result.gift.recipientEmail,
          sentAt: result.gift.sentAt,
        })
        .where(and(eq(giftPasses.id, result.gift.id), eq(giftPasses.tokenHash, sha256(token))))
        .returning({ id: giftPasses.id });
      await audit(tx, {
        at: now,
        actorId: buyer.id,
        subjectId: buyer.id,
        action: 'gift.resend-failed',
        details: { giftId: result.gift.id, to: parsed.gift.email, restored: !!restored },
      });
    });
    return {
      ok: false,
      status: 503,
      message:
        'Email tautan hadiah gagal dikirim. Tautan sebelumnya tetap berlaku; coba kirim ulang beberapa saat lagi.',
    };
  }
  return {
    ok: true,
    message: `Tautan hadiah dikirim ulang ke ${parsed.gift.email}. Tautan sebelumnya tidak berlaku lagi.`,
  };
}

// ---------------------------------------------------------------------------------------------------
// The admin console

export interface AdminGiftRow {
  id: string;
  planId: string;
  tier: Payment['tier'];
  months: number;
  amount: number;
  recipientEmail: string;
  status: GiftStatus;
  createdAt: Date;
  paidAt: Date | null;
  redeemedAt: Date | null;
  buyerId: string | null;
  buyerEmail: string | null;
  redeemedById: string | null;
  redeemedByEmail: string | null;
}

/** The newest paid gifts (pending checkouts left out), for /admin/hadiah. */
export async function listGifts(db: Db, limit = 200): Promise<AdminGiftRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`
    select g.id, p.plan_id, p.tier, p.months, p.amount, g.recipient_email, g.status, g.created_at, p.paid_at,
           g.redeemed_at, g.buyer_id, b.email as buyer_email, g.redeemed_by, r.email as redeemed_by_email
    from ${giftPasses} g
    join ${payments} p on p.id = g.payment_id
    left join ${users} b on b.id = g.buyer_id
    left join ${users} r on r.id = g.redeemed_by
    where g.status <> 'pending'
    order by g.created_at desc
    limit ${limit}`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    planId: String(r.plan_id),
    tier: r.tier as Payment['tier'],
    months: Number(r.months),
    amount: Number(r.amount),
    recipientEmail: String(r.recipient_email),
    status: r.status as GiftStatus,
    createdAt: new Date(String(r.created_at)),
    paidAt: r.paid_at ? new Date(String(r.paid_at)) : null,
    redeemedAt: r.redeemed_at ? new Date(String(r.redeemed_at)) : null,
    buyerId: (r.buyer_id as string | null) ?? null,
    buyerEmail: (r.buyer_email as string | null) ?? null,
    redeemedById: (r.redeemed_by as string | null) ?? null,
    redeemedByEmail: (r.redeemed_by_email as string | null) ?? null,
  }));
}

export type RevokeResult =
  { ok: true; message: string } | { ok: false; status: 400 | 404 | 409 | 410; message: string };

/** An admin withdraws an unredeemed gift (its link stops working); audited with the reason. */
export async function revokeGift(
  db: Db,
  adminId: string,
  input: { giftId?: unknown; reason?: unknown },
  now: Date,
): Promise<RevokeResult> {
  const giftId = typeof input.giftId === 'string' && /^[0-9a-f-]{36}$/i.test(input.giftId) ? input.giftId : null;
  if (!giftId) return { ok: false, status: 404, message: 'Hadiah tidak ditemukan.' };
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason.length < 3)
    return { ok: false, status: 400, message: 'Alasan: tulis alasan pembatalan (paling sedikit 3 karakter).' };
  if (reason.length > 300) return { ok: false, status: 400, message: 'Alasan: paling banyak 300 karakter.' };
  return db.transaction(async (tx) => {
    const [gift] = await tx.select().from(giftPasses).where(eq(giftPasses.id, giftId));
    if (!gift || gift.status === 'pending')
      return { ok: false as const, status: 404 as const, message: 'Hadiah tidak ditemukan.' };
    // The buyer (no redeemer yet), then the gift row, as a redemption.
    await lockMembers(tx, [gift.buyerId]);
    const [revoked] = await tx
      .update(giftPasses)
      .set({ status: 'revoked', endedAt: now, revokedBy: adminId })
      .where(and(eq(giftPasses.id, giftId), eq(giftPasses.status, 'active')))
      .returning();
    if (!revoked) {
      const [fresh] = await tx.select().from(giftPasses).where(eq(giftPasses.id, giftId));
      const refusal = giftRefusal(fresh!);
      return refusal && refusal.status !== 403
        ? (refusal as Extract<RevokeResult, { ok: false }>)
        : {
            ok: false as const,
            status: 409 as const,
            message: 'Hadiah ini tidak bisa dibatalkan lagi.',
          };
    }
    await audit(tx, {
      at: now,
      actorId: adminId,
      subjectId: gift.buyerId,
      action: 'admin.gift-revoke',
      details: { giftId, paymentId: gift.paymentId, reason },
    });
    return {
      ok: true as const,
      message: `Hadiah untuk ${gift.recipientEmail} dibatalkan; tautannya tidak berlaku lagi.`,
    };
  });
}

/** The recipient of a gift payment of `userId` (for the page after paying); null for any other payment. */
export async function giftOfPayment(
  db: Db,
  userId: string,
  paymentId: string,
): Promise<{ recipientEmail: string } | null> {
  const [row] = await db
    .select({ recipientEmail: giftPasses.recipientEmail })
    .from(giftPasses)
    .where(and(eq(giftPasses.paymentId, paymentId), eq(giftPasses.buyerId, userId)))
    .limit(1);
  return row ?? null;
}
