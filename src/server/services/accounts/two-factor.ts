/**
 * Two factors (TOTP and one-time recovery codes) for any member; required for the admin role
 * (docs/product.md §6, decision 0026). Enrolment stores a pending secret until the member confirms it
 * with a code; confirming turns the second factor on, gives ten recovery codes (shown once, stored as
 * SHA-256) and ends the member's other sessions, so every session left has passed both factors.
 * Every change is audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes, sessions, twoFactorSecrets, users } from '../../db/schema';
import { newTotpSecret, totpQrSvg, totpStep, totpUri } from '../../auth/totp';
import { giveBackSlot, takeSlot } from './rate-limit';
import { audit } from '../audit';

const RECOVERY_CODE_COUNT = 10;
const CODE_LIMIT = { max: 5, windowMs: 15 * 60_000 };

export type CodeResult = { ok: true } | { ok: false; status: 400 | 401 | 429; message: string };

const WRONG_CODE = 'Kode salah. Periksa aplikasi autentikator Anda lalu coba lagi.';
const USED_CODE = 'Kode ini sudah dipakai. Tunggu kode berikutnya di aplikasi autentikator lalu coba lagi.';

function hashCode(code: string): string {
  return createHash('sha256').update(normaliseRecovery(code)).digest('hex');
}

function normaliseRecovery(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

/** Ten random recovery codes as shown to the member (xxxxx-xxxxx, lower-case base32-like). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

async function secretRow(db: Db, userId: string) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row;
}

export interface TwoFactorState {
  enabled: boolean;
  /** While enrolling: the secret to type by hand, its URI and its QR code (SVG). */
  enrolment: { secret: string; uri: string; qrSvg: string } | null;
  recoveryCodesLeft: number;
}

/** What the settings page shows. */
export async function twoFactorState(db: Db, user: { id: string; email: string }): Promise<TwoFactorState> {
  const row = await secretRow(db, user.id);
  const enabled = Boolean(row?.secret);
  const left = enabled
    ? (
        await db
          .select({ h: recoveryCodes.codeHash })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
      ).length
    : 0;
  if (enabled || !row?.pendingSecret) return { enabled, enrolment: null, recoveryCodesLeft: left };
  const uri = totpUri(row.pendingSecret, user.email);
  return {
    enabled,
    enrolment: { secret: row.pendingSecret, uri, qrSvg: await totpQrSvg(uri) },
    recoveryCodesLeft: 0,
  };
}

/** Starts (or restarts) enrolment with a fresh pending secret. Does nothing once two factors are on. */
export async function beginEnrolment(db: Db, userId: string, now: Date): Promise<void> {
  const row = await secretRow(db, userId);
  if (row?.secret) return;
  const pendingSecret = newTotpSecret();
  await db
    .insert(twoFactorSecrets)
    .values({ userId, pendingSecret, updatedAt: now })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { pendingSecret, updatedAt: now } });
}

type Check = 'ok' | 'wrong' | 'replay';

/**
 * Limits code guesses per member. A right code gives its slot back, and so does a right code already
 * used (it reveals nothing a guesser could use; two sign-ins within one 30-second step are common).
 */
async function guarded(db: Db, userId: string, now: Date, check: () => Promise<Check>): Promise<CodeResult> {
  const key = `2fa:${userId}`;
  const slot = await takeSlot(db, key, CODE_LIMIT, now);
  if (!slot.ok) {
    const minutes = Math.ceil(slot.retryAfter / 60);
    return { ok: false, status: 429, message: `Terlalu banyak kode yang salah. Coba lagi dalam ${minutes} menit.` };
  }
  const outcome = await check();
  if (outcome === 'wrong') return { ok: false, status: 401, message: WRONG_CODE };
  await giveBackSlot(db, key, CODE_LIMIT, now);
  if (outcome === 'replay') return { ok: false, status: 401, message: USED_CODE };
  return { ok: true };
}

/** Accepts a TOTP step only if it is newer than the last one accepted (atomically: a code works once). */
async function acceptStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), lt(twoFactorSecrets.lastStep, step)))
    .returning({ last: twoFactorSecrets.lastStep });
  return rows.length > 0;
}

/**
 * Confirms enrolment with a code from the pending secret. On success: two factors on, the member's
 * other sessions ended, and the recovery codes returned (to show once).
 */
export async function confirmEnrolment(
  db: Db,
  userId: string,
  code: string,
  keepSessionId: string | null,
  now: Date,
): Promise<CodeResult & { recoveryCodes?: string[] }> {
  if (!/^\s*\d{3}\s?\d{3}\s*$/.test(code))
    return { ok: false, status: 400, message: 'Kode: isi 6 angka dari aplikasi autentikator.' };
  const row = await secretRow(db, userId);
  const pending = row?.pendingSecret;
  if (!pending || row.secret)
    return { ok: false, status: 400, message: 'Mulai pendaftaran autentikator terlebih dahulu.' };
  const result = await guarded(db, userId, now, async () => (totpStep(pending, code) !== null ? 'ok' : 'wrong'));
  if (!result.ok) return result;
  const codes = newRecoveryCodes();
  const step = totpStep(pending, code)!;
  await db.transaction(async (tx) => {
    await tx
      .update(twoFactorSecrets)
      .set({ secret: pending, pendingSecret: null, lastStep: step, updatedAt: now })
      .where(eq(twoFactorSecrets.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
    await tx.update(users).set({ twoFactorAt: now }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(
        keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
      );
    await audit(tx, { at: now, actorId: userId, subjectId: userId, action: 'two-factor.enable' });
  });
  return { ok: true, recoveryCodes: codes };
}

/**
 * Checks a second factor: a TOTP code (newer than the last accepted) or an unused recovery code (then
 * used up). Rate limited per member.
 */
export async function checkSecondFactor(db: Db, userId: string, code: string, now: Date): Promise<CodeResult> {
  const input = code.trim();
  if (!input)
    return { ok: false, status: 400, message: 'Kode: isi kode dari aplikasi autentikator atau kode pemulihan.' };
  const row = await secretRow(db, userId);
  const secret = row?.secret;
  if (!secret) return { ok: false, status: 400, message: 'Verifikasi dua langkah belum aktif untuk akun ini.' };
  return guarded(db, userId, now, async () => {
    const step = totpStep(secret, input);
    if (step !== null) return (await acceptStep(db, userId, step)) ? 'ok' : 'replay';
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashCode(input)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ h: recoveryCodes.codeHash });
    if (used.length > 0)
      await audit(db, { at: now, actorId: userId, subjectId: userId, action: 'two-factor.recovery-code' });
    return used.length > 0 ? 'ok' : 'wrong';
  });
}

/** Marks a session as having passed the second factor. */
export async function completeSecondFactor(db: Db, sessionId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorPending: false })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  await audit(db, { at: now, actorId: userId, subjectId: userId, action: 'two-factor.sign-in' });
}

/** New recovery codes (the old ones stop working), after a valid code. */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: string,
  code: string,
  now: Date,
): Promise<CodeResult & { recoveryCodes?: string[] }> {
  const result = await checkSecondFactor(db, userId, code, now);
  if (!result.ok) return result;
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
    await audit(tx, { at: now, actorId: userId, subjectId: userId, action: 'two-factor.recovery-codes' });
  });
  return { ok: true, recoveryCodes: codes };
}

/** Turns two factors off after a valid code (an admin then loses /admin and /impersonate until re-enrolled). */
export async function disableTwoFactor(db: Db, userId: string, code: string, now: Date): Promise<CodeResult> {
  const result = await checkSecondFactor(db, userId, code, now);
  if (!result.ok) return result;
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.update(users).set({ twoFactorAt: null }).where(eq(users.id, userId));
    await audit(tx, { at: now, actorId: userId, subjectId: userId, action: 'two-factor.disable' });
  });
  return { ok: true };
}

/** Enables two factors with a known secret, without a code (the demo admin and tests only). */
export async function enableTwoFactorWithSecret(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, secret, updatedAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret, pendingSecret: null, lastStep: 0, updatedAt: now },
    });
  await db.update(users).set({ twoFactorAt: now }).where(eq(users.id, userId));
}
