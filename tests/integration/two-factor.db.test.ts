import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { auditLog, recoveryCodes, sessions } from '../../src/server/db/schema';
import { openSession, pendingSecondFactorUser } from '../../src/server/auth/session-rows';
import { sessionUser } from '../../src/server/auth/session-user';
import {
  beginEnrolment,
  checkSecondFactor,
  completeSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  twoFactorState,
} from '../../src/server/services/accounts';
import { createUser } from '../factories/users';

const NOW = new Date('2026-11-20T03:00:00Z');

/** A code computed here from the secret, independently of the service (as a phone would). */
function code(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

describe('two factors', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  async function enrolled() {
    const user = await createUser(h.db, { role: 'admin' });
    await beginEnrolment(h.db, user.id, NOW);
    const state = await twoFactorState(h.db, user);
    const secret = state.enrolment!.secret;
    return { user, secret, state };
  }

  it('enrols with a QR code, confirms with a real code, stores recovery codes hashed, ends other sessions', async () => {
    const user = await createUser(h.db, { role: 'admin' });
    const other = await openSession(h.db, user.id);
    const mine = await openSession(h.db, user.id);
    await beginEnrolment(h.db, user.id, NOW);
    const state = await twoFactorState(h.db, user);
    expect(state.enabled).toBe(false);
    expect(state.enrolment!.uri).toMatch(/^otpauth:\/\/totp\/Telaah:.+secret=/);
    expect(state.enrolment!.qrSvg).toMatch(/^<svg/);
    const secret = state.enrolment!.secret;
    expect(await confirmEnrolment(h.db, user.id, '000000', mine, NOW)).toMatchObject({ ok: false, status: 401 });
    const done = await confirmEnrolment(h.db, user.id, code(secret), mine, NOW);
    expect(done.ok).toBe(true);
    expect(done.recoveryCodes).toHaveLength(10);
    const stored = await h.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const c of done.recoveryCodes!) expect(stored.map((s) => s.codeHash)).not.toContain(c);
    const left = await h.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([mine]);
    expect(left.map((s) => s.id)).not.toContain(other);
    expect((await twoFactorState(h.db, user)).enabled).toBe(true);
  });

  it('opens sessions pending until the code is entered; a code works once, a recovery code once', async () => {
    const { user, secret } = await enrolled();
    const first = code(secret);
    expect((await confirmEnrolment(h.db, user.id, first, null, NOW)).ok).toBe(true);
    const sid = await openSession(h.db, user.id);
    const claims = { userId: user.id, sessionId: sid };
    expect(await sessionUser(h.db, claims, NOW)).toBeUndefined();
    expect(await pendingSecondFactorUser(h.db, sid, user.id)).toBe(user.id);
    // The code that confirmed enrolment is spent; the next step's is fresh.
    expect(await checkSecondFactor(h.db, user.id, first, NOW)).toMatchObject({ ok: false, status: 401 });
    expect(await checkSecondFactor(h.db, user.id, code(secret, 1), NOW)).toEqual({ ok: true });
    expect(await checkSecondFactor(h.db, user.id, code(secret, 1), NOW)).toMatchObject({ ok: false });
    await completeSecondFactor(h.db, sid, user.id, NOW);
    const found = await sessionUser(h.db, claims, NOW);
    expect(found?.user.id).toBe(user.id);
    expect(await pendingSecondFactorUser(h.db, sid, user.id)).toBeNull();
    const actions = (await h.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id))).map((r) => r.action);
    expect(actions).toEqual(['two-factor.enable', 'two-factor.sign-in']);
  });

  it('accepts each recovery code once, and limits wrong guesses', async () => {
    const { user, secret } = await enrolled();
    const done = await confirmEnrolment(h.db, user.id, code(secret), null, NOW);
    const recovery = done.recoveryCodes![3]!;
    expect(await checkSecondFactor(h.db, user.id, recovery.toUpperCase(), NOW)).toEqual({ ok: true });
    expect(await checkSecondFactor(h.db, user.id, recovery, NOW)).toMatchObject({ ok: false, status: 401 });
    const guesses = [];
    for (let i = 0; i < 6; i++) guesses.push((await checkSecondFactor(h.db, user.id, 'abcde-fghij', NOW)).ok);
    const last = await checkSecondFactor(h.db, user.id, code(secret, 1), NOW);
    expect(last).toMatchObject({ ok: false, status: 429 });
    expect(guesses.every((g) => g === false)).toBe(true);
  });

  it('turns off only with a valid code; a member without it opens sessions that grant at once', async () => {
    const { user, secret } = await enrolled();
    await confirmEnrolment(h.db, user.id, code(secret), null, NOW);
    expect(await disableTwoFactor(h.db, user.id, '123456', NOW)).toMatchObject({ ok: false });
    expect(await disableTwoFactor(h.db, user.id, code(secret, 1), NOW)).toEqual({ ok: true });
    const sid = await openSession(h.db, user.id);
    const found = await sessionUser(h.db, { userId: user.id, sessionId: sid }, NOW);
    expect(found?.user.twoFactorAt).toBeNull();
  });
});
