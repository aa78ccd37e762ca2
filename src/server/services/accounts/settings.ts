/**
 * What a member changes on /settings/account: name, email (re-verified), password (signs out other
 * sessions), and the data export and account deletion.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, authAccounts, memberships, users } from '../../db/schema';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/password';
import { endAllSessions } from '../../auth/session-rows';
import { emailSchema, findUserByEmail, findUserById, nameSchema, type User } from './accounts';
import { issueEmailToken } from './email-tokens';
import { sendMail } from '../../integrations/mail';
import { audit } from '../audit';
import { exportPortfolioData } from '../portfolio/export';
import { exportCourseProgress } from '../courses/progress';
import { findRiskProfile } from '../risk-profile';
import { paymentsForExport } from '../payments/history';
import { telegramAndNoticeData } from '../notifications/export';
import { mailBody } from '../../mail-body';

export type SettingsResult =
  { ok: true; message: string; user?: User } | { ok: false; status: 400 | 404 | 409; field: string; message: string };

export async function updateName(db: Db, userId: string, raw: unknown): Promise<SettingsResult> {
  const name = nameSchema.safeParse(raw);
  if (!name.success) return { ok: false, status: 400, field: 'name', message: name.error.issues[0]!.message };
  await db.update(users).set({ name: name.data }).where(eq(users.id, userId));
  return { ok: true, message: 'Nama Anda sudah diperbarui.' };
}

/** Sends a confirmation link to the new address; the email changes only when it is clicked. */
export async function requestEmailChange(
  db: Db,
  userId: string,
  raw: unknown,
  now: Date,
  baseUrl: string,
): Promise<SettingsResult> {
  const email = emailSchema.safeParse(raw);
  if (!email.success) return { ok: false, status: 400, field: 'email', message: email.error.issues[0]!.message };
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, status: 404, field: 'email', message: 'Akun tidak ditemukan.' };
  if (email.data === user.email)
    return { ok: false, status: 400, field: 'email', message: 'Itu sudah email Anda saat ini.' };
  if (await findUserByEmail(db, email.data))
    return { ok: false, status: 409, field: 'email', message: 'Email ini sudah dipakai akun lain.' };
  const token = await issueEmailToken(db, userId, 'change-email', email.data, now);
  const link = `${baseUrl}/api/account/verify-email?token=${token}`;
  await sendMail({
    to: email.data,
    subject: 'Konfirmasi email baru Anda di Telaah',
    ...mailBody([
      { p: `Halo ${user.name},` },
      {
        lead: 'Klik tautan berikut untuk memakai alamat ini sebagai email akun Telaah Anda (berlaku 24 jam):',
        label: 'Konfirmasi email baru',
        href: link,
      },
      { p: 'Jika Anda tidak memintanya, abaikan email ini.' },
    ]),
  });
  return {
    ok: true,
    message: `Kami mengirim tautan konfirmasi ke ${email.data}. Email akun berubah setelah tautan diklik.`,
  };
}

/** Changes the password after checking the current one and ends every session of the member (the caller signs this browser in afresh). */
export async function changePassword(
  db: Db,
  userId: string,
  current: string,
  next: string,
  now: Date,
): Promise<SettingsResult> {
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, status: 404, field: 'password', message: 'Akun tidak ditemukan.' };
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, current))) {
    return { ok: false, status: 400, field: 'currentPassword', message: 'Kata sandi saat ini salah.' };
  }
  const set = await setNewPassword(db, user, next, now, 'account.password-change');
  if (!set.ok) return { ...set, field: 'newPassword' };
  return { ok: true, message: 'Kata sandi diganti. Sesi di perangkat lain sudah dikeluarkan.', user: set.user };
}

/**
 * Replaces the member's password after checking it against the password rules and ends every session
 * issued before `now` (a wall-clock time, as session tokens carry one); the caller signs the current
 * browser in again with the returned user. Both changing and resetting a password go through here.
 */
export async function setNewPassword(
  db: Db,
  user: Pick<User, 'id' | 'email'>,
  next: string,
  now: Date,
  action: 'account.password-change' | 'account.password-reset',
): Promise<{ ok: true; user: User } | { ok: false; status: 400 | 404; message: string }> {
  const problem = passwordProblem(next, user.email);
  if (problem) return { ok: false, status: 400, message: problem };
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) return { ok: false, status: 404, message: 'Akun tidak ditemukan.' };
  await endAllSessions(db, user.id);
  await audit(db, { at: now, actorId: user.id, subjectId: user.id, action });
  return { ok: true, user: updated };
}

/** Everything Telaah holds on the member, as one JSON-ready object. */
export async function exportData(db: Db, userId: string): Promise<Record<string, unknown> | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const { passwordHash, ...profile } = user;
  const [accounts, periods, events, paid, portfolios, courses, riskProfile] = await Promise.all([
    db
      .select({ provider: authAccounts.provider, linkedAt: authAccounts.createdAt })
      .from(authAccounts)
      .where(eq(authAccounts.userId, userId)),
    db.select().from(memberships).where(eq(memberships.userId, userId)),
    db.select({ at: auditLog.at, action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, userId)),
    paymentsForExport(db, userId),
    exportPortfolioData(db, userId),
    exportCourseProgress(db, userId),
    findRiskProfile(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, hasPassword: passwordHash !== null },
    signInMethods: accounts,
    memberships: periods,
    payments: paid,
    activity: events,
    portfolios,
    courses,
    riskProfile,
    ...(await telegramAndNoticeData(db, userId)),
  };
}

/** Deletes the member and everything tied to them; payment records (kept by law) stay anonymised. */
export async function deleteAccount(db: Db, userId: string, confirmEmail: string, now: Date): Promise<SettingsResult> {
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, status: 404, field: 'confirm', message: 'Akun tidak ditemukan.' };
  if (confirmEmail.trim().toLowerCase() !== user.email) {
    return {
      ok: false,
      status: 400,
      field: 'confirm',
      message: 'Ketik email akun Anda persis untuk mengonfirmasi penghapusan.',
    };
  }
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, userId));
    await tx.insert(auditLog).values({ at: now, actorId: null, subjectId: userId, action: 'account.delete' });
  });
  return { ok: true, message: 'Akun Anda sudah dihapus.' };
}

/** The SSO providers linked to the account (its password, if any, is on the user row). */
export function ssoProviders(db: Db, userId: string): Promise<{ provider: string }[]> {
  return db.select({ provider: authAccounts.provider }).from(authAccounts).where(eq(authAccounts.userId, userId));
}
