/**
 * Preferences of many members at once: more ids than PostgreSQL takes as bind parameters in one
 * statement (65 535), as a broadcast to every member asks for, are read in chunks and all come back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import type { DbHandle } from '../../db/client';
import { loadPrefsOf, PREFS_CHUNK, setPref } from './prefs';

const T0 = new Date('2026-11-20T03:00:00Z');

describe('loadPrefsOf', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('reads every member of a list longer than one statement can bind, across chunk boundaries', async () => {
    const total = 70_000;
    const ids: string[] = Array.from({ length: total }, () => randomUUID());
    // Real members with saved choices at the start, on both sides of a chunk boundary and at the end.
    const at = [0, PREFS_CHUNK - 1, PREFS_CHUNK, 2 * PREFS_CHUNK + 1, total - 1];
    for (const i of at) {
      const u = await createUser(h.db);
      ids[i] = u.id;
      await setPref(h.db, u.id, 'announcements', 'email', false, T0);
      await setPref(h.db, u.id, 'alerts', 'telegram', false, T0);
    }
    const prefs = await loadPrefsOf(h.db, ids);
    expect(prefs.size).toBe(total);
    for (const i of at) {
      const p = prefs.get(ids[i]!)!;
      expect(p.announcements).toEqual({ email: false, telegram: true });
      expect(p.alerts.telegram).toBe(false);
    }
    // Everyone else has the defaults.
    const other = prefs.get(ids[1]!)!;
    expect(other.announcements).toEqual({ email: true, telegram: true });
    expect(other.alerts.telegram).toBe(true);
  });

  it('returns an empty map for no ids', async () => {
    expect((await loadPrefsOf(h.db, [])).size).toBe(0);
  });
});
