/**
 * What a member changes on /settings/account: name, email (re-verified), password (signs out other
 * sessions), and the data export and account deletion.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, authAccounts, memberships, users } from '../db/schema';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/password';
import { emailSchema, escapeHtml, findUserByEmail, findUserById, nameSchema, type User } from './accounts';
import { issueEmailToken } from './email-tokens';
import { sendMail } from '../integrations/mail';
import { audit } from './audit';
import { exportPortfolioData } from './portfolio/export';
import { exportCourseProgress } from './course-progress';
import { findRiskProfile } from './risk-profile';
import { paymentsForExport } from './payments/history';
import { telegramAndNoticeData } from './notifications/export';

export type SettingsResult = { ok: true; message: string; user?: User } | { ok: false; status: 400 | 404 | 409; field: string; message: string };

export async function updateName(db: Db, userId: string, raw: unknown): Promise<SettingsResult> {
  const name = nameSchema.safeParse(raw);
  if (!name.success) return { ok: false, status: 400, field: 'name', message: name.error.issues[0]!.message };
  await db.update(users).set({ name: name.data }).where(eq(users.id, userId));
  return { ok: true, message: 'Nama Anda sudah diperbarui.' };
}

/** Sends a confirmation link to the new address; the email changes only when it is clicked. */
export async function requestEmailChange(db: Db, userId: string, raw: unknown, now: Date, baseUrl: string): Promise<SettingsResult> {
  const email = emailSchema.safeParse(raw);
  if (!email.success) return { ok: false, status: 400, field: 'email', message: email.error.issues[0]!.message };
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, status: 404, field: 'email', message: 'Akun tidak ditemukan.' };
  if (email.data === user.email) return { ok: false, status: 400, field: 'email', message: 'Itu sudah email Anda saat ini.' };
  if (await findUserByEmail(db, email.data)) return { ok: false, status: 409, field: 'email', message: 'Email ini sudah dipakai akun lain.' };
  const token = await issueEmailToken(db, userId, 'change-email', email.data, now);
  const link = `${baseUrl}/api/account/verify-email?token=${token}`;
  await sendMail({
    to: email.data,
    subject: 'Konfirmasi email baru Anda di Telaah',
    text: `Halo ${user.name},\n\nKlik tautan berikut untuk memakai alamat ini sebagai email akun Telaah Anda (berlaku 24 jam):\n${link}\n\nJika Anda tidak memintanya, abaikan email ini.`,
    html: `<p>Halo ${escapeHtml(user.name)},</p><p><a href="${link}">Konfirmasi email baru</a> (berlaku 24 jam).</p>`,
  });
  return { ok: true, message: `Kami mengirim tautan konfirmasi ke ${email.data}. Email akun berubah setelah tautan diklik.` };
}

/** Changes the password after checking the current one; sessions issued before now become void. */
export async function changePassword(db: Db, userId: string, current: string, next: string, now: Date): Promise<SettingsResult> {
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, status: 404, field: 'password', message: 'Akun tidak ditemukan.' };
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, current))) {
    return { ok: false, status: 400, field: 'currentPassword', message: 'Kata sandi saat ini salah.' };
  }
  const problem = passwordProblem(next, user.email);
  if (problem) return { ok: false, status: 400, field: 'newPassword', message: problem };
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(next), sessionsValidAfter: now })
    .where(eq(users.id, userId))
    .returning();
  await audit(db, { at: now, actorId: userId, subjectId: userId, action: 'account.password-change' });
  return { ok: true, message: 'Kata sandi diganti. Sesi di perangkat lain sudah dikeluarkan.', user: updated };
}

/** Everything Telaah holds on the member, as one JSON-ready object. */
export async function exportData(db: Db, userId: string): Promise<Record<string, unknown> | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const { passwordHash, ...profile } = user;
  const [accounts, periods, events, paid, portfolios, courses, riskProfile] = await Promise.all([
    db.select({ provider: authAccounts.provider, linkedAt: authAccounts.createdAt }).from(authAccounts).where(eq(authAccounts.userId, userId)),
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
    return { ok: false, status: 400, field: 'confirm', message: 'Ketik email akun Anda persis untuk mengonfirmasi penghapusan.' };
  }
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, userId));
    await tx.insert(auditLog).values({ at: now, actorId: null, subjectId: userId, action: 'account.delete' });
  });
  return { ok: true, message: 'Akun Anda sudah dihapus.' };
}
