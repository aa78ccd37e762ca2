import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import {
  activeImpersonation,
  endImpersonation,
  recentImpersonationLog,
  searchMembers,
  startImpersonation,
} from '../../src/server/services/admin';
import { auditLog } from '../../src/server/db/schema';
import { createUser } from '../factories/users';

const T0 = new Date('2026-11-20T03:00:00Z');

describe('impersonation', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('finds members but never admins', async () => {
    await createUser(h.db, { name: 'Dewi Lestari', email: 'dewi@contoh.id' });
    await createUser(h.db, { name: 'Dewi Admin', email: 'dewi.admin@contoh.id', role: 'admin' });
    expect((await searchMembers(h.db, 'dewi')).map((m) => m.email)).toEqual(['dewi@contoh.id']);
    expect(await searchMembers(h.db, '%')).toEqual([]);
  });

  it('starts, lasts 60 minutes, stops, and audits every step with both ids', async () => {
    const admin = await createUser(h.db, { role: 'admin' });
    const member = await createUser(h.db);
    const other = await createUser(h.db, { role: 'admin' });
    expect(await startImpersonation(h.db, admin.id, other.id, T0)).toEqual({
      ok: false,
      message: 'Admin tidak dapat diimpersonasi.',
    });
    for (const notAnId of ['x', '', "1' or '1'='1", `${member.id}x`])
      expect(await startImpersonation(h.db, admin.id, notAnId, T0)).toEqual({
        ok: false,
        message: 'Anggota tidak ditemukan.',
      });
    const started = await startImpersonation(h.db, admin.id, member.id, T0);
    if (!started.ok) throw new Error(started.message);
    const id = started.impersonation.id;
    expect(await activeImpersonation(h.db, id, admin.id, new Date(T0.getTime() + 59 * 60_000))).not.toBeNull();
    expect(await activeImpersonation(h.db, id, other.id, T0)).toBeNull();
    expect(await activeImpersonation(h.db, id, admin.id, new Date(T0.getTime() + 60 * 60_000))).toBeNull();
    await endImpersonation(h.db, id, new Date(T0.getTime() + 5 * 60_000), 'stop');
    await endImpersonation(h.db, id, new Date(T0.getTime() + 6 * 60_000), 'stop');
    expect(await activeImpersonation(h.db, id, admin.id, new Date(T0.getTime() + 10 * 60_000))).toBeNull();
    const rows = (await h.db.select().from(auditLog)).filter((r) => r.subjectId === member.id);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['impersonation.start', admin.id],
      ['impersonation.stop', admin.id],
    ]);
  });

  it('lists the newest entries first even when they share one instant (a frozen clock)', async () => {
    const member = await createUser(h.db);
    const at = new Date('2026-11-20T04:00:00Z');
    for (let i = 0; i < 20; i++)
      await h.db.insert(auditLog).values({ at, subjectId: member.id, action: 'impersonation.write', details: { i } });
    const shown = await recentImpersonationLog(h.db);
    expect(shown.map((e) => (e.details as { i: number }).i)).toEqual([
      19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5,
    ]);
  });
});
