/**
 * Accounts: sign-up with email verification, password sign-in with abuse limits, SSO users.
 * Every function takes the database and the clock so tests can drive them.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authAccounts, users } from '../../db/schema';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/password';
import { giveBackSlot, LIMITS, recordEvent, takeSlot } from './rate-limit';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { sendMail } from '../../integrations/mail';
import { safeCallbackPath } from '../../../lib/redirect';
import { mailBody, SIGN_OFF } from '../../mail-body';

export type User = typeof users.$inferSelect;
export type FieldErrors = Partial<Record<'name' | 'email' | 'password' | 'form', string>>;

export const emailSchema = z
  .string({ error: 'Email wajib diisi.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email wajib diisi.')
  .max(254, 'Email terlalu panjang.')
  .pipe(z.email({ error: 'Format email tidak valid, contoh: nama@contoh.com.' }));
export const nameSchema = z
  .string({ error: 'Nama wajib diisi.' })
  .trim()
  .min(2, 'Nama minimal 2 karakter.')
  .max(80, 'Nama maksimal 80 karakter.');

export interface RequestInfo {
  ip: string;
  now: Date;
  baseUrl: string;
  /**
   * Where the visitor was going when they signed up (a same-site path, e.g. `/pay?plan=premium-1`): the
   * verification link carries it so that the purchase or the page survives verification.
   */
  next?: string;
}

export type SignUpResult = { ok: true } | { ok: false; status: 400 | 429; errors: FieldErrors };

/**
 * Creates an unverified account and mails the verification link; for an address that already has an
 * account, mails its owner instead and answers exactly the same.
 */
export async function signUp(db: Db, input: Record<string, unknown>, req: RequestInfo): Promise<SignUpResult> {
  const errors: FieldErrors = {};
  const name = nameSchema.safeParse(input.name);
  const email = emailSchema.safeParse(input.email);
  const password = typeof input.password === 'string' ? input.password : '';
  if (!name.success) errors.name = name.error.issues[0]!.message;
  if (!email.success) errors.email = email.error.issues[0]!.message;
  const pwProblem = password ? passwordProblem(password, email.data) : 'Kata sandi wajib diisi.';
  if (pwProblem) errors.password = pwProblem;
  if (Object.keys(errors).length) return { ok: false, status: 400, errors };

  if (
    (await recordEvent(db, `signup:ip:${req.ip}`, LIMITS.signUpAddress, req.now)) > LIMITS.signUpAddress.max ||
    (await recordEvent(db, `signup:email:${email.data}`, LIMITS.signUpEmail, req.now)) > LIMITS.signUpEmail.max
  ) {
    return { ok: false, status: 429, errors: { form: 'Terlalu banyak percobaan pendaftaran. Coba lagi nanti.' } };
  }
  // The same answer, and the same work, whether or not the address has an account: sign-up must not
  // tell who is a member. The owner of an existing account is told by email instead.
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email.data!);
  const [user] = existing
    ? []
    : await db
        .insert(users)
        .values({ name: name.data!, email: email.data!, passwordHash })
        .onConflictDoNothing()
        .returning();
  if (user) await sendVerification(db, user, req);
  else await sendExistingAccountNotice(existing ?? (await findUserByEmail(db, email.data!))!, req);
  return { ok: true };
}

/** Tells the owner of an account that someone tried to sign up with its address. */
async function sendExistingAccountNotice(user: Pick<User, 'email' | 'name'>, req: Pick<RequestInfo, 'baseUrl'>) {
  const signIn = `${req.baseUrl}/sign-in`;
  const reset = `${req.baseUrl}/reset-password`;
  await sendMail({
    to: user.email,
    subject: 'Pendaftaran dengan email Anda di Telaah',
    ...mailBody([
      { p: `Halo ${user.name},` },
      {
        p: 'Seseorang (mungkin Anda) mencoba mendaftar di Telaah dengan email ini, padahal email ini sudah punya akun.',
      },
      {
        p: [
          'Jika itu Anda, ',
          { label: 'masuk', href: signIn },
          ' atau ',
          { label: 'atur ulang kata sandi', href: reset },
          '.',
        ],
      },
      { p: 'Jika bukan Anda, abaikan email ini; akun Anda tidak berubah.' },
      SIGN_OFF,
    ]),
  });
}

/** Mails a fresh verification link to the account's address. */
async function sendVerification(
  db: Db,
  user: Pick<User, 'id' | 'email' | 'name'>,
  req: Pick<RequestInfo, 'now' | 'baseUrl' | 'next'>,
): Promise<void> {
  const token = await issueEmailToken(db, user.id, 'verify-email', user.email, req.now);
  const next = safeCallbackPath(req.next, '');
  const link = `${req.baseUrl}/api/account/verify-email?token=${token}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  await sendMail({
    to: user.email,
    subject: 'Verifikasi email Anda di Telaah',
    ...mailBody([
      { p: `Halo ${user.name},` },
      {
        lead: 'Klik tautan berikut untuk memverifikasi email Anda (berlaku 24 jam):',
        label: 'Verifikasi email',
        href: link,
      },
      { p: 'Jika Anda tidak mendaftar di Telaah, abaikan email ini.' },
      SIGN_OFF,
    ]),
  });
}

/** Marks the address of a verification or change-of-address token as verified. */
export async function confirmEmailToken(db: Db, token: string, now: Date): Promise<User | null> {
  const t = await consumeEmailToken(db, token, ['verify-email', 'change-email'], now);
  if (!t) return null;
  const [user] = await db
    .update(users)
    .set({ email: t.email, emailVerifiedAt: now })
    .where(eq(users.id, t.userId))
    .returning();
  return user ?? null;
}

export type SignInResult =
  { ok: true; user: User } | { ok: false; status: 400 | 401 | 403 | 429; message: string; retryAfter?: number };

const INVALID = 'Email atau kata sandi salah.';

/** Password sign-in. Same message and cost for unknown emails and wrong passwords. */
export async function signInWithPassword(
  db: Db,
  input: Record<string, unknown>,
  req: RequestInfo,
): Promise<SignInResult> {
  const email = emailSchema.safeParse(input.email);
  const password = typeof input.password === 'string' ? input.password : '';
  if (!email.success || !password) return { ok: false, status: 400, message: 'Isi email dan kata sandi Anda.' };
  const accountKey = `signin:acct:${email.data}`;
  const addressKey = `signin:ip:${req.ip}`;
  // The slot is taken before the password is checked, so parallel guesses cannot outrun the count.
  const account = await takeSlot(db, accountKey, LIMITS.signInAccount, req.now);
  const address = account.ok ? await takeSlot(db, addressKey, LIMITS.signInAddress, req.now) : account;
  if (!address.ok) {
    if (account.ok) await giveBackSlot(db, accountKey, LIMITS.signInAccount, req.now);
    const minutes = Math.ceil(address.retryAfter / 60);
    return {
      ok: false,
      status: 429,
      retryAfter: address.retryAfter,
      message: `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`,
    };
  }
  const user = await findUserByEmail(db, email.data);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) return { ok: false, status: 401, message: INVALID };
  // A right password is not a guess: its slots are given back.
  await Promise.all([
    giveBackSlot(db, accountKey, LIMITS.signInAccount, req.now),
    giveBackSlot(db, addressKey, LIMITS.signInAddress, req.now),
  ]);
  if (!user.emailVerifiedAt) {
    await sendVerification(db, user, req);
    return {
      ok: false,
      status: 403,
      message: 'Email Anda belum diverifikasi. Kami sudah mengirim ulang tautan verifikasi ke email Anda.',
    };
  }
  return { ok: true, user };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

/**
 * The user behind an OpenID Connect identity: the linked one, else the account with the same
 * verified email (linking it), else a new verified account.
 */
export async function userForSso(
  db: Db,
  provider: string,
  subject: string,
  profile: { email?: string | null; name?: string | null; emailVerified?: boolean },
): Promise<User | null> {
  const [linked] = await db
    .select({ user: users })
    .from(authAccounts)
    .innerJoin(users, eq(users.id, authAccounts.userId))
    .where(and(eq(authAccounts.provider, provider), eq(authAccounts.providerAccountId, subject)))
    .limit(1);
  if (linked) return linked.user;
  const email = emailSchema.safeParse(profile.email ?? '');
  if (!email.success || profile.emailVerified === false) return null;
  let user = await findUserByEmail(db, email.data);
  // An unverified password account must not be taken over by whoever controls the SSO identity.
  if (user && !user.emailVerifiedAt) return null;
  user ??= (
    await db
      .insert(users)
      .values({
        name: (profile.name ?? '').trim() || email.data.split('@')[0]!,
        email: email.data,
        emailVerifiedAt: new Date(),
      })
      .returning()
  )[0]!;
  await db.insert(authAccounts).values({ userId: user.id, provider, providerAccountId: subject }).onConflictDoNothing();
  return user;
}
