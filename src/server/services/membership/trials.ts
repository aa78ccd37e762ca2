/**
 * Free trials (docs/product.md §6 and §7.2, decision 0037): the admin sets a length in days per paid
 * tier (0: no trial); a verified member who never had a trial of that tier and never paid for it starts
 * one, once. A trial is a granted period (`memberships.source = 'trial'`), fixed on the calendar like a
 * complimentary pass: no payment row, nothing credited on an upgrade, a renewal of the same tier queues
 * behind it. Once per member per tier is held by the database (a partial unique index), and the member's
 * row lock serialises the checks with the insert.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { memberships, payments, trialOffers, users } from '../../db/schema';
import { PAID_TIERS, type PaidTier } from '../../../domain/plans';
import { coverageEnd } from '../../../domain/membership-schedule';
import { formatDateTime } from '../../../lib/format';
import { TIER_LABEL } from '../../../lib/labels';
import { IMPERSONATION_REFUSAL } from '../../auth/guards';
import { lockMember } from '../payments/schedule';
import { audit } from '../audit';
import { addDaysToInstant } from '../../../domain/dates';

export const MAX_TRIAL_DAYS = 60;

const daysField = (label: string) =>
  z.coerce
    .number({ message: `${label}: isi angka 0–${MAX_TRIAL_DAYS}.` })
    .int({ message: `${label}: isi bilangan bulat.` })
    .min(0, { message: `${label}: paling sedikit 0 (0 berarti tanpa uji coba).` })
    .max(MAX_TRIAL_DAYS, { message: `${label}: paling banyak ${MAX_TRIAL_DAYS} hari.` });

const trialSettingsSchema = z.object({
  reguler: daysField('Uji coba Reguler'),
  premium: daysField('Uji coba Premium'),
});

export type TrialDays = Record<PaidTier, number>;

export type TrialResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 409; message: string; field?: string };

/** The trial length of each paid tier (0 when the admin never set one). */
export async function trialDays(db: Db | Tx): Promise<TrialDays> {
  const rows = await db.select({ tier: trialOffers.tier, days: trialOffers.days }).from(trialOffers);
  const out: TrialDays = { reguler: 0, premium: 0 };
  for (const r of rows) if (PAID_TIERS.includes(r.tier)) out[r.tier] = r.days;
  return out;
}

/** Sets both trial lengths (audited with the old and new values). */
export async function setTrialDays(
  db: Db,
  adminId: string,
  input: Record<string, unknown>,
  now: Date,
): Promise<TrialResult> {
  const parsed = trialSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, status: 400, message: issue.message, field: String(issue.path[0] ?? 'reguler') };
  }
  const next = parsed.data;
  return db.transaction(async (tx) => {
    const before = await trialDays(tx);
    for (const tier of PAID_TIERS)
      await tx
        .insert(trialOffers)
        .values({ tier, days: next[tier], updatedBy: adminId, updatedAt: now })
        .onConflictDoUpdate({
          target: trialOffers.tier,
          set: { days: next[tier], updatedBy: adminId, updatedAt: now },
        });
    await audit(tx, {
      at: now,
      actorId: adminId,
      subjectId: null,
      action: 'admin.trial-set',
      details: { before, after: next },
    });
    const says = (t: PaidTier) =>
      next[t] > 0 ? `${TIER_LABEL[t]} ${next[t]} hari` : `${TIER_LABEL[t]} tanpa uji coba`;
    return { ok: true as const, message: `Uji coba disimpan: ${says('reguler')}, ${says('premium')}.` };
  });
}

type Eligibility = { ok: true; days: number } | Extract<TrialResult, { ok: false }>;

/** Whether `userId` may start a trial of `tier` at `now`, and for how many days. Reads only. */
async function eligibility(db: Db | Tx, userId: string, tier: PaidTier, now: Date): Promise<Eligibility> {
  const label = TIER_LABEL[tier];
  // One after another, not with Promise.all: `db` may be a transaction (see payments/schedule.ts).
  const [user] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const days = await trialDays(db);
  const [trial] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.tier, tier), eq(memberships.source, 'trial')))
    .limit(1);
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.tier, tier),
        inArray(payments.status, ['paid', 'refunded']),
        // A gift is bought for someone else (decision 0041): it does not use up the buyer's trial.
        eq(payments.gift, false),
      ),
    )
    .limit(1);
  const running = await db
    .select({ tier: memberships.tier, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), gt(memberships.endsAt, now)));
  if (!user) return { ok: false, status: 403, message: 'Masuk terlebih dahulu untuk memulai uji coba gratis.' };
  if (days[tier] <= 0) return { ok: false, status: 400, message: `Uji coba gratis ${label} sedang tidak tersedia.` };
  if (!user.verifiedAt)
    return {
      ok: false,
      status: 403,
      message:
        'Verifikasi alamat email Anda terlebih dahulu (lihat tautan di email pendaftaran), lalu mulai uji coba gratis.',
    };
  if (trial)
    return {
      ok: false,
      status: 409,
      message: `Anda sudah pernah memakai uji coba gratis ${label}; uji coba hanya sekali per paket.`,
    };
  if (paid)
    return {
      ok: false,
      status: 409,
      message: `Uji coba gratis ${label} hanya untuk anggota yang belum pernah membayar ${label}.`,
    };
  if (coverageEnd(running, tier, now))
    return { ok: false, status: 409, message: `Akses ${label} Anda masih aktif; uji coba tidak diperlukan.` };
  return { ok: true, days: days[tier] };
}

/** The trial /pay offers the member for `tier` (its length in days), or null when none is open to them. */
export async function trialOffer(db: Db, userId: string, tier: PaidTier, now: Date): Promise<number | null> {
  const e = await eligibility(db, userId, tier, now);
  return e.ok ? e.days : null;
}

/**
 * Starts the member's trial of `tier` now. `actorId` is the impersonating admin, if any: support never
 * starts a trial for a member. Refusals write nothing.
 */
export async function startTrial(
  db: Db,
  userId: string,
  actorId: string | null,
  rawTier: unknown,
  now: Date,
): Promise<TrialResult> {
  if (actorId) return { ok: false, status: 403, message: IMPERSONATION_REFUSAL };
  const tier = PAID_TIERS.find((t) => t === rawTier);
  if (!tier) return { ok: false, status: 400, message: 'Paket uji coba: pilih Reguler atau Premium.', field: 'tier' };
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const e = await eligibility(tx, userId, tier, now);
    if (!e.ok) return e;
    const endsAt = addDaysToInstant(now, e.days);
    const [row] = await tx
      .insert(memberships)
      .values({ userId, tier, startsAt: now, endsAt, source: 'trial' })
      .onConflictDoNothing()
      .returning({ id: memberships.id });
    if (!row)
      return {
        ok: false as const,
        status: 409 as const,
        message: `Anda sudah pernah memakai uji coba gratis ${TIER_LABEL[tier]}; uji coba hanya sekali per paket.`,
      };
    await audit(tx, {
      at: now,
      actorId: userId,
      subjectId: userId,
      action: 'trial.start',
      details: { membershipId: row.id, tier, days: e.days, endsAt: endsAt.toISOString() },
    });
    return {
      ok: true as const,
      message: `Uji coba ${TIER_LABEL[tier]} dimulai: aktif sampai ${formatDateTime(endsAt)}. Tidak ada tagihan otomatis.`,
    };
  });
}
