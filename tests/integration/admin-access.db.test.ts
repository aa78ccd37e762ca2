import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { auditLog, memberships, sessions } from '../../src/server/db/schema';
import { openSession } from '../../src/server/auth/session-rows';
import { currentTier } from '../../src/server/services/membership';
import { endGrantedAccess, grantAccess, signOutEverywhere } from '../../src/server/services/admin';
import { memberDetail, memberFilterSchema, searchAdminMembers } from '../../src/server/services/admin';
import { createUser, grantTier } from '../factories/users';
import { DAY_MS } from '../../src/domain/dates';

const NOW = new Date('2026-11-20T03:00:00Z');

describe('admin actions on a member', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('grants 30 days of Premium that end on time, audited with who, what, when and why', async () => {
    const admin = await createUser(h.db, { role: 'admin' });
    const member = await createUser(h.db);
    const res = await grantAccess(
      h.db,
      admin.id,
      member.id,
      { tier: 'premium', days: '30', reason: 'Jurnalis' },
      'grant',
      NOW,
    );
    expect(res).toEqual({ ok: true, message: 'Akses Premium 30 hari diberikan.' });
    expect((await currentTier(h.db, member.id, NOW)).tier).toBe('premium');
    expect((await currentTier(h.db, member.id, new Date(NOW.getTime() + 30 * DAY_MS - 1))).tier).toBe('premium');
    expect((await currentTier(h.db, member.id, new Date(NOW.getTime() + 30 * DAY_MS))).tier).toBe('gratis');
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.subjectId, member.id));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'admin.access-grant', at: NOW });
    expect(entry!.details).toMatchObject({ tier: 'premium', days: 30, reason: 'Jurnalis' });
  });

  it('extends after the running pass, ends only what the team granted', async () => {
    const admin = await createUser(h.db, { role: 'admin' });
    const member = await createUser(h.db);
    await grantTier(
      h.db,
      member.id,
      'premium',
      new Date(NOW.getTime() - DAY_MS),
      new Date(NOW.getTime() + 10 * DAY_MS),
    );
    await h.db.update(memberships).set({ source: 'payment' }).where(eq(memberships.userId, member.id));
    const ext = await grantAccess(
      h.db,
      admin.id,
      member.id,
      { tier: 'premium', days: 5, reason: 'Kompensasi' },
      'extend',
      NOW,
    );
    expect(ext.ok).toBe(true);
    expect((await currentTier(h.db, member.id, NOW)).endsAt).toEqual(new Date(NOW.getTime() + 15 * DAY_MS));
    expect((await endGrantedAccess(h.db, admin.id, member.id, 'Salah beri', NOW)).ok).toBe(true);
    // The paid pass stays; the queued grant is gone.
    expect((await currentTier(h.db, member.id, NOW)).endsAt).toEqual(new Date(NOW.getTime() + 10 * DAY_MS));
    expect(await endGrantedAccess(h.db, admin.id, member.id, 'Lagi', NOW)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses bad input naming the field, and unknown members, writing nothing', async () => {
    const admin = await createUser(h.db, { role: 'admin' });
    const member = await createUser(h.db);
    for (const [input, field] of [
      [{ tier: 'emas', days: 30, reason: 'abc' }, 'tier'],
      [{ tier: 'premium', days: 0, reason: 'abc' }, 'days'],
      [{ tier: 'premium', days: 'x', reason: 'abc' }, 'days'],
      [{ tier: 'premium', days: 30, reason: '' }, 'reason'],
    ] as const) {
      const res = await grantAccess(h.db, admin.id, member.id, input, 'grant', NOW);
      expect(res).toMatchObject({ ok: false, status: 400, field });
    }
    for (const id of ['x', '00000000-0000-4000-8000-000000000000'])
      expect(
        await grantAccess(h.db, admin.id, id, { tier: 'premium', days: 3, reason: 'abc' }, 'grant', NOW),
      ).toMatchObject({
        ok: false,
        status: 404,
      });
    expect(await h.db.select().from(memberships).where(eq(memberships.userId, member.id))).toEqual([]);
    expect(await memberDetail(h.db, 'x')).toBeNull();
  });

  it('signs the member out everywhere and finds them by filters', async () => {
    const admin = await createUser(h.db, { role: 'admin' });
    const member = await createUser(h.db, { name: 'Sekar Langit', email: 'sekar.langit@contoh.id' });
    await openSession(h.db, member.id);
    await openSession(h.db, member.id);
    expect(await signOutEverywhere(h.db, admin.id, member.id, NOW)).toEqual({
      ok: true,
      message: 'Anggota dikeluarkan dari 2 sesi.',
    });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    await grantAccess(h.db, admin.id, member.id, { tier: 'reguler', days: 3, reason: 'Uji' }, 'grant', NOW);
    const f = (o: Record<string, string>) => memberFilterSchema.parse(o);
    const ids = async (o: Record<string, string>) => (await searchAdminMembers(h.db, f(o), NOW)).map((m) => m.id);
    expect(await ids({ q: 'sekar' })).toEqual([member.id]);
    expect(await ids({ q: 'SEKAR.LANGIT@' })).toEqual([member.id]);
    expect(await ids({ q: 'sekar', tier: 'reguler', status: 'aktif', lapsing: '7', telegram: 'tidak' })).toEqual([
      member.id,
    ]);
    expect(await ids({ q: 'sekar', tier: 'premium' })).toEqual([]);
    expect(await ids({ q: 'sekar', tier: 'gratis' })).toEqual([]);
    expect(await ids({ q: 'sekar', telegram: 'ya' })).toEqual([]);
    expect(await ids({ q: 'sekar', status: 'belum' })).toEqual([]);
    // An impossible date is ignored like any unreadable filter, never passed on to the database.
    expect(f({ joinedFrom: '2024-13-45' }).joinedFrom).toBe('');
    expect(await ids({ q: 'sekar', joinedFrom: '2024-13-45' })).toEqual([member.id]);
    const detail = await memberDetail(h.db, member.id);
    expect(detail!.audit.map((a) => a.action)).toEqual(['admin.access-grant', 'admin.sign-out-everywhere']);
  });
});
