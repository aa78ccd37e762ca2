import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-reset-'));
process.env.DATA_DIR = dataDir;

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { confirmEmailToken, signInWithPassword } from '../../src/server/services/accounts';
import {
  RESET_LINK_INVALID,
  RESET_REQUESTED,
  requestPasswordReset,
  resetLinkUsable,
  resetPassword,
} from '../../src/server/services/accounts';
import { emailTokens } from '../../src/server/db/schema';
import { createUser } from '../factories/users';
import { endAllSessions, openSession, sessionIsActive } from '../../src/server/auth/session-rows';
import { drainBackground } from '../../src/server/background';
import { changePassword } from '../../src/server/services/accounts';

const T0 = new Date('2026-11-20T03:00:00Z');
const req = (now = T0, ip = '10.0.0.9') => ({ ip, now, baseUrl: 'http://localhost:4321' });
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

function mailsTo(to: string): { subject: string; text: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8'))).filter((m) => m.to === to);
}
/** Asks for a link and waits for the mail, which is sent in the background after the answer. */
async function requestAndMail(db: DbHandle['db'], email: string, info = req()) {
  const result = await requestPasswordReset(db, email, info);
  expect(await drainBackground()).toBe(true);
  return result;
}
const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('password reset', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('answers the same for unknown and known addresses and mails only the known one', async () => {
    await createUser(h.db, { email: 'rina@contoh.id', password: 'sandi-lama-rina' });
    const known = await requestAndMail(h.db, 'Rina@Contoh.id', req());
    const unknown = await requestAndMail(h.db, 'tidak-ada@contoh.id', req());
    expect(known).toEqual({ ok: true, message: RESET_REQUESTED });
    expect(unknown).toEqual(known);
    expect(mailsTo('tidak-ada@contoh.id')).toEqual([]);
    const mail = mailsTo('rina@contoh.id').at(-1)!;
    expect(mail.subject).toBe('Atur ulang kata sandi Telaah Anda');
    const token = tokenIn(mail.text);
    const [stored] = await h.db.select().from(emailTokens).where(eq(emailTokens.purpose, 'reset-password'));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets the new password once, voids older sessions, and keeps the link after a refused password', async () => {
    const u = await createUser(h.db, { email: 'joko@contoh.id', password: 'sandi-lama-joko' });
    const older = await openSession(h.db, u.id);
    await requestAndMail(h.db, 'joko@contoh.id', req());
    const token = tokenIn(mailsTo('joko@contoh.id').at(-1)!.text);
    expect(await resetPassword(h.db, token, 'pendek', minutes(5))).toMatchObject({ ok: false, field: 'password' });
    expect(await resetLinkUsable(h.db, token, minutes(5))).toBe(true);
    const done = await resetPassword(h.db, token, 'kopi-susu-pagi-baru', minutes(6));
    expect(done).toMatchObject({ ok: true, user: { id: u.id } });
    expect(await sessionIsActive(h.db, older, u.id)).toBe(false);
    expect(await resetPassword(h.db, token, 'lagi-sandi-lain-lagi', minutes(7))).toEqual({
      ok: false,
      status: 400,
      field: 'token',
      message: RESET_LINK_INVALID,
    });
    expect(
      await signInWithPassword(h.db, { email: 'joko@contoh.id', password: 'kopi-susu-pagi-baru' }, req(minutes(8))),
    ).toMatchObject({ ok: true });
    expect(
      await signInWithPassword(h.db, { email: 'joko@contoh.id', password: 'sandi-lama-joko' }, req(minutes(8))),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a link after one hour and a reset token on the verification path', async () => {
    await createUser(h.db, { email: 'dewi@contoh.id', password: 'sandi-lama-dewi' });
    await requestAndMail(h.db, 'dewi@contoh.id', req());
    const token = tokenIn(mailsTo('dewi@contoh.id').at(-1)!.text);
    expect(await confirmEmailToken(h.db, token, minutes(1))).toBeNull();
    expect(await resetLinkUsable(h.db, token, minutes(59))).toBe(true);
    expect(await resetLinkUsable(h.db, token, minutes(61))).toBe(false);
    expect(await resetPassword(h.db, token, 'kopi-susu-pagi-baru', minutes(61))).toMatchObject({
      ok: false,
      field: 'token',
    });
  });

  it('verifies the address of an unverified account that resets its password', async () => {
    const u = await createUser(h.db, { email: 'eko@contoh.id', password: 'sandi-lama-eko', verified: false });
    await requestAndMail(h.db, 'eko@contoh.id', req());
    const token = tokenIn(mailsTo('eko@contoh.id').at(-1)!.text);
    const done = await resetPassword(h.db, token, 'kopi-susu-sore-baru', minutes(2));
    expect(done).toMatchObject({ ok: true, user: { id: u.id, emailVerifiedAt: minutes(2) } });
  });

  it('answers before looking the address up: the mail is sent after the answer, for any address', async () => {
    await createUser(h.db, { email: 'lambat@contoh.id', password: 'sandi-lama-lambat' });
    const known = await requestPasswordReset(h.db, 'lambat@contoh.id', req());
    // Checked before the event loop turns: nothing that depends on the account has happened yet.
    expect(mailsTo('lambat@contoh.id')).toEqual([]);
    const unknown = await requestPasswordReset(h.db, 'tak-dikenal@contoh.id', req());
    expect(unknown).toEqual(known);
    expect(await drainBackground()).toBe(true);
    expect(mailsTo('lambat@contoh.id')).toHaveLength(1);
    expect(mailsTo('tak-dikenal@contoh.id')).toEqual([]);
  });

  it('voids an outstanding reset link when the password is changed in the settings', async () => {
    const u = await createUser(h.db, { email: 'ganti@contoh.id', password: 'sandi-lama-ganti' });
    await requestAndMail(h.db, 'ganti@contoh.id');
    const token = tokenIn(mailsTo('ganti@contoh.id').at(-1)!.text);
    const changed = await changePassword(h.db, u.id, 'sandi-lama-ganti', 'kopi-tubruk-malam-baru', minutes(2));
    expect(changed).toMatchObject({ ok: true });
    expect(await resetLinkUsable(h.db, token, minutes(3))).toBe(false);
    expect(await resetPassword(h.db, token, 'penyerang-punya-sandi', minutes(3))).toMatchObject({
      ok: false,
      field: 'token',
    });
  });

  it('voids an outstanding reset link on "sign out everywhere"', async () => {
    const u = await createUser(h.db, { email: 'keluar@contoh.id', password: 'sandi-lama-keluar' });
    await requestAndMail(h.db, 'keluar@contoh.id');
    const token = tokenIn(mailsTo('keluar@contoh.id').at(-1)!.text);
    await endAllSessions(h.db, u.id);
    expect(await resetLinkUsable(h.db, token, minutes(3))).toBe(false);
  });

  it('limits requests per address and per email, and names a bad email field', async () => {
    expect(await requestPasswordReset(h.db, 'bukan-email', req())).toMatchObject({
      ok: false,
      status: 400,
      field: 'email',
    });
    const at = new Date('2026-11-21T05:00:00Z');
    for (let i = 0; i < 3; i++) await requestPasswordReset(h.db, 'banyak@contoh.id', req(at, '10.0.1.1'));
    expect(await requestPasswordReset(h.db, 'banyak@contoh.id', req(at, '10.0.1.2'))).toMatchObject({
      ok: false,
      status: 429,
    });
    for (let i = 0; i < 10; i++) await requestPasswordReset(h.db, `orang${i}@contoh.id`, req(at, '10.0.2.1'));
    expect(await requestPasswordReset(h.db, 'lain@contoh.id', req(at, '10.0.2.1'))).toMatchObject({
      ok: false,
      status: 429,
    });
  });
});
