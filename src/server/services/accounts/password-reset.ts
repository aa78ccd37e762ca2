/**
 * Forgotten passwords: a member asks for a link by email and sets a new password with it. The request
 * answers the same whether or not the address has an account; the link is single-use, valid for one
 * hour, and only its hash is stored. The request does the same work whatever the address: the account
 * is looked up, and the mail sent, in the background after the answer, so its timing tells nothing. Setting the new password ends every other session (through the
 * same path as changing it in the settings) and proves control of the address.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { emailSchema, findUserByEmail, findUserById, type RequestInfo, type User } from './accounts';
import { setNewPassword } from './settings';
import { consumeEmailToken, issueEmailToken, peekEmailToken } from './email-tokens';
import { passwordProblem } from '../../auth/password';
import { LIMITS, takeSlot } from './rate-limit';
import { sendMail } from '../../integrations/mail';
import { runInBackground, type Background } from '../../background';
import { mailBody, SIGN_OFF } from '../../mail-body';

export const RESET_REQUESTED =
  'Jika email tersebut terdaftar, kami sudah mengirim tautan untuk mengatur ulang kata sandi. Tautan berlaku 1 jam.';
export const RESET_LINK_INVALID =
  'Tautan atur ulang kata sandi tidak valid, sudah dipakai, atau sudah kedaluwarsa. Silakan minta tautan baru.';

export type ResetRequestResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 429; field: 'email' | 'form'; message: string; retryAfter?: number };

/** Mails a reset link when the address has an account; the answer never tells whether it has. */
export async function requestPasswordReset(
  db: Db,
  raw: unknown,
  req: RequestInfo,
  background: Background = runInBackground,
): Promise<ResetRequestResult> {
  const email = emailSchema.safeParse(raw);
  if (!email.success) return { ok: false, status: 400, field: 'email', message: email.error.issues[0]!.message };
  const byAddress = await takeSlot(db, `reset:ip:${req.ip}`, LIMITS.resetAddress, req.now);
  const slot = byAddress.ok ? await takeSlot(db, `reset:email:${email.data}`, LIMITS.resetEmail, req.now) : byAddress;
  if (!slot.ok) {
    const retryAfter = slot.retryAfter;
    return {
      ok: false,
      status: 429,
      field: 'form',
      retryAfter,
      message: `Terlalu banyak permintaan atur ulang kata sandi. Coba lagi dalam ${Math.ceil(retryAfter / 60)} menit.`,
    };
  }
  const address = email.data;
  background('password-reset-mail', async () => {
    const user = await findUserByEmail(db, address);
    if (user) await mailResetLink(db, user, req);
  });
  return { ok: true, message: RESET_REQUESTED };
}

async function mailResetLink(db: Db, user: User, req: RequestInfo): Promise<void> {
  const token = await issueEmailToken(db, user.id, 'reset-password', user.email, req.now);
  const link = `${req.baseUrl}/reset-password?token=${token}`;
  await sendMail({
    to: user.email,
    subject: 'Atur ulang kata sandi Telaah Anda',
    ...mailBody([
      { p: `Halo ${user.name},` },
      {
        lead: 'Klik tautan berikut untuk membuat kata sandi baru (berlaku 1 jam, hanya sekali pakai):',
        label: 'Buat kata sandi baru',
        href: link,
      },
      {
        p: 'Setelah kata sandi diganti, semua sesi lain akan dikeluarkan. Jika Anda tidak memintanya, abaikan email ini; kata sandi Anda tidak berubah.',
      },
      SIGN_OFF,
    ]),
  });
}

/** Whether the link in a reset email can still be used (the page shows the form only then). */
export async function resetLinkUsable(db: Db, token: string, now: Date): Promise<boolean> {
  return (await peekEmailToken(db, token, 'reset-password', now)) !== null;
}

export type ResetResult =
  { ok: true; user: User } | { ok: false; status: 400; field: 'password' | 'token'; message: string };

const invalidLink = { ok: false, status: 400, field: 'token', message: RESET_LINK_INVALID } as const;

/**
 * Sets the new password with a reset link. The password is checked before the link is consumed, so a
 * refused password leaves the link usable. `now` is the app's clock (link expiry); sessions issued before
 * `sessionCutoff` end, and session tokens carry wall-clock issue times, so pages pass the wall clock.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now: Date,
  sessionCutoff: Date = now,
): Promise<ResetResult> {
  const peeked = await peekEmailToken(db, token, 'reset-password', now);
  const owner = peeked && (await findUserById(db, peeked.userId));
  if (!owner) return invalidLink;
  const problem = password ? passwordProblem(password, owner.email) : 'Kata sandi baru wajib diisi.';
  if (problem) return { ok: false, status: 400, field: 'password', message: problem };
  // Consuming is the atomic step: of two concurrent submissions only one gets the token.
  if (!(await consumeEmailToken(db, token, ['reset-password'], now))) return invalidLink;
  const set = await setNewPassword(db, owner, password, sessionCutoff, 'account.password-reset');
  if (!set.ok) return invalidLink;
  if (set.user.emailVerifiedAt) return { ok: true, user: set.user };
  const [verified] = await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, owner.id)).returning();
  return { ok: true, user: verified ?? set.user };
}
