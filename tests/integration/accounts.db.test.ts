import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-accounts-'));
process.env.DATA_DIR = dataDir;

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { signInWithPassword, signUp, confirmEmailToken } from '../../src/server/services/accounts';
import { changePassword, deleteAccount, exportData } from '../../src/server/services/accounts';
import { currentTier } from '../../src/server/services/membership';
import { users } from '../../src/server/db/schema';
import { openSession, sessionIsActive } from '../../src/server/auth/session-rows';
import { createUser, grantTier } from '../factories/users';

const T0 = new Date('2026-11-20T03:00:00Z');
const req = (now = T0, ip = '10.0.0.1') => ({ ip, now, baseUrl: 'http://localhost:4321' });

function outbox(): { to: string; subject: string; text: string }[] {
  const dir = path.join(dataDir, 'outbox');
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('accounts', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('signs up, refuses sign-in until the emailed link is opened, then signs in', async () => {
    const r = await signUp(h.db, { name: 'Siti Aminah', email: 'Siti@Contoh.ID', password: 'kopi-tubruk-pagi' }, req());
    expect(r).toMatchObject({ ok: true });
    const before = await signInWithPassword(h.db, { email: 'siti@contoh.id', password: 'kopi-tubruk-pagi' }, req());
    expect(before).toMatchObject({ ok: false, status: 403 });
    const mail = outbox()
      .filter((m) => m.to === 'siti@contoh.id')
      .at(-1)!;
    expect(mail.subject).toContain('Verifikasi');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(await confirmEmailToken(h.db, token, T0)).toMatchObject({ email: 'siti@contoh.id' });
    expect(await confirmEmailToken(h.db, token, T0)).toBeNull();
    expect(
      await signInWithPassword(h.db, { email: 'SITI@contoh.id', password: 'kopi-tubruk-pagi' }, req()),
    ).toMatchObject({ ok: true });
  });

  it('carries where the visitor was going in the verification link, only when it is a path on this site', async () => {
    const mailTo = (email: string) =>
      outbox()
        .filter((m) => m.to === email)
        .at(-1)!.text;
    const form = (email: string) => ({ name: 'Rina Pembeli', email, password: 'kopi-tubruk-pagi' });
    await signUp(h.db, form('rina@contoh.id'), { ...req(T0, '10.0.0.7'), next: '/pay?plan=premium-1' });
    expect(mailTo('rina@contoh.id')).toMatch(/verify-email\?token=[\w-]+&next=%2Fpay%3Fplan%3Dpremium-1\s/);
    for (const [i, next] of ['//evil.example/pay', 'https://evil.example/', '/\\evil.example'].entries()) {
      const email = `tamu${i}@contoh.id`;
      await signUp(h.db, form(email), { ...req(T0, '10.0.0.8'), next });
      expect(mailTo(email)).not.toContain('next=');
    }
  });

  it.each([
    [{ name: '', email: 'a@b.id', password: 'kopi-tubruk-pagi' }, 'name', 'Nama minimal 2 karakter.'],
    [
      { name: 'Budi', email: 'bukan-email', password: 'kopi-tubruk-pagi' },
      'email',
      'Format email tidak valid, contoh: nama@contoh.com.',
    ],
    [{ name: 'Budi', email: 'budi@contoh.id', password: 'pendek' }, 'password', 'Kata sandi minimal 10 karakter.'],
    [
      { name: 'Budi', email: 'budi@contoh.id', password: 'password123' },
      'password',
      'Kata sandi ini terlalu umum dan mudah ditebak. Pilih yang lain.',
    ],
  ])('refuses bad sign-up input %#, naming the field', async (input, field, message) => {
    const r = await signUp(h.db, input, req(T0, '10.0.1.1'));
    expect(r).toEqual({ ok: false, status: 400, errors: expect.objectContaining({ [field]: message }) });
  });

  it('answers a sign-up with a registered email as any other, and tells the owner by email', async () => {
    const u = await createUser(h.db, { email: 'ada@contoh.id' });
    const taken = await signUp(
      h.db,
      { name: 'Lain', email: 'ADA@contoh.id', password: 'kopi-tubruk-pagi' },
      req(T0, '10.0.2.1'),
    );
    const fresh = await signUp(
      h.db,
      { name: 'Baru', email: 'baru@contoh.id', password: 'kopi-tubruk-pagi' },
      req(T0, '10.0.2.2'),
    );
    expect(taken).toEqual(fresh);
    expect(taken).toEqual({ ok: true });
    expect((await h.db.select().from(users).where(eq(users.email, 'ada@contoh.id'))).map((x) => x.id)).toEqual([u.id]);
    const notice = outbox().filter((m) => m.to === 'ada@contoh.id');
    expect(notice.map((m) => m.subject)).toEqual(['Pendaftaran dengan email Anda di Telaah']);
    expect(notice[0]!.text).toContain('http://localhost:4321/reset-password');
    expect(notice[0]!.text).not.toContain('token=');
  });

  it('answers unknown emails and wrong passwords alike', async () => {
    await createUser(h.db, { email: 'rahasia@contoh.id', password: 'kopi-tubruk-pagi' });
    const unknown = await signInWithPassword(
      h.db,
      { email: 'tidak-ada@contoh.id', password: 'x' },
      req(T0, '10.0.3.1'),
    );
    const wrong = await signInWithPassword(
      h.db,
      { email: 'rahasia@contoh.id', password: 'salah-sekali' },
      req(T0, '10.0.3.2'),
    );
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({ ok: false, status: 401, message: 'Email atau kata sandi salah.' });
  });

  it('answers 20 wrong passwords in a row with 429s, and lets the right one in once they slid out', async () => {
    await createUser(h.db, { email: 'target@contoh.id', password: 'kopi-tubruk-pagi' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await signInWithPassword(
        h.db,
        { email: 'target@contoh.id', password: `salah-${i}` },
        req(new Date(T0.getTime() + i * 1000), `10.1.0.${i}`),
      );
      statuses.push(r.ok ? 200 : r.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    const blocked = await signInWithPassword(
      h.db,
      { email: 'target@contoh.id', password: 'kopi-tubruk-pagi' },
      req(new Date(T0.getTime() + 30_000), '10.1.1.1'),
    );
    // Five failures in the 03:00 window weigh 5 × (1 − 3/15) = 4 by 03:18: room for one more.
    expect(blocked).toMatchObject({
      ok: false,
      status: 429,
      retryAfter: 18 * 60 - 30,
      message: 'Terlalu banyak percobaan masuk. Coba lagi dalam 18 menit.',
    });
    const early = await signInWithPassword(
      h.db,
      { email: 'target@contoh.id', password: 'kopi-tubruk-pagi' },
      req(new Date(T0.getTime() + 16 * 60_000), '10.1.1.1'),
    );
    expect(early).toMatchObject({ ok: false, status: 429 });
    const later = await signInWithPassword(
      h.db,
      { email: 'target@contoh.id', password: 'kopi-tubruk-pagi' },
      req(new Date(T0.getTime() + 18 * 60_000), '10.1.1.1'),
    );
    expect(later).toMatchObject({ ok: true });
  });

  it('checks at most 5 of 40 wrong passwords sent at once, and no more around a window boundary', async () => {
    await createUser(h.db, { email: 'paralel@contoh.id', password: 'kopi-tubruk-pagi' });
    const at = new Date('2026-11-20T04:14:59Z');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInWithPassword(h.db, { email: 'paralel@contoh.id', password: `salah-${i}` }, req(at, `10.4.0.${i}`)),
      ),
    );
    expect(burst.filter((r) => !r.ok && r.status === 401)).toHaveLength(5);
    expect(burst.filter((r) => !r.ok && r.status === 429)).toHaveLength(35);
    // Two seconds later a new fixed window has begun; the sliding window still holds the five.
    const after = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signInWithPassword(
          h.db,
          { email: 'paralel@contoh.id', password: `lagi-${i}` },
          req(new Date(at.getTime() + 2000), `10.4.1.${i}`),
        ),
      ),
    );
    expect(after.filter((r) => !r.ok && r.status === 401)).toHaveLength(0);
  });

  it('limits failed sign-ins per client address across accounts', async () => {
    const ip = '10.2.0.1';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const r = await signInWithPassword(h.db, { email: `orang${i}@contoh.id`, password: 'salah-sekali' }, req(T0, ip));
      last = r.ok ? 200 : r.status;
    }
    expect(last).toBe(429);
  });

  it('changes the password only with the current one, and ends every session at once', async () => {
    const u = await createUser(h.db, { password: 'kopi-tubruk-pagi' });
    // Opened in the same second as the change: it ends too.
    const sid = await openSession(h.db, u.id);
    expect(await changePassword(h.db, u.id, 'salah', 'teh-manis-sore-hari', T0)).toMatchObject({
      ok: false,
      field: 'currentPassword',
    });
    const ok = await changePassword(h.db, u.id, 'kopi-tubruk-pagi', 'teh-manis-sore-hari', T0);
    expect(ok).toMatchObject({ ok: true });
    expect(await sessionIsActive(h.db, sid, u.id)).toBe(false);
    expect(
      await signInWithPassword(h.db, { email: u.email, password: 'teh-manis-sore-hari' }, req(T0, '10.3.0.1')),
    ).toMatchObject({ ok: true });
  });

  it('exports the member data without the password hash, and deletion removes the member', async () => {
    const u = await createUser(h.db, { password: 'kopi-tubruk-pagi' });
    await grantTier(h.db, u.id, 'reguler', new Date('2026-11-01'), new Date('2026-12-01'));
    const data = await exportData(h.db, u.id);
    expect(data).toMatchObject({
      profile: { email: u.email, hasPassword: true },
      memberships: [expect.objectContaining({ tier: 'reguler' })],
    });
    expect(JSON.stringify(data)).not.toContain('argon2');
    expect(await deleteAccount(h.db, u.id, 'bukan@email.ini', T0)).toMatchObject({ ok: false, field: 'confirm' });
    expect(await deleteAccount(h.db, u.id, u.email.toUpperCase(), T0)).toMatchObject({ ok: true });
    expect(await h.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
    expect(
      await signInWithPassword(h.db, { email: u.email, password: 'kopi-tubruk-pagi' }, req(T0, '10.4.0.1')),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('reads the tier from the memberships covering now, falling back to gratis when they lapse', async () => {
    const u = await createUser(h.db);
    await grantTier(h.db, u.id, 'reguler', new Date('2026-10-01'), new Date('2026-12-31'));
    await grantTier(h.db, u.id, 'premium', new Date('2026-11-01'), new Date('2026-11-30'));
    expect((await currentTier(h.db, u.id, new Date('2026-10-15'))).tier).toBe('reguler');
    expect(await currentTier(h.db, u.id, new Date('2026-11-15'))).toEqual({
      tier: 'premium',
      endsAt: new Date('2026-11-30'),
    });
    expect((await currentTier(h.db, u.id, new Date('2026-12-15'))).tier).toBe('reguler');
    expect(await currentTier(h.db, u.id, new Date('2027-01-01'))).toEqual({ tier: 'gratis', endsAt: null });
  });
});
