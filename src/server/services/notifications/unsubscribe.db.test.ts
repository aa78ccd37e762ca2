import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import type { DbHandle } from '../../db/client';
import { loadPrefs } from './prefs';
import { applyUnsubscribeLink, unsubscribeUrl } from './unsubscribe';

process.env.AUTH_SECRET ??= 'unsubscribe-test-secret-0123456789';
const T0 = new Date('2026-11-20T03:00:00Z');

const linkParams = (userId: string, event: 'membership-ending' | 'analysis-any') =>
  new URL(unsubscribeUrl('https://telaah.test', userId, event)).searchParams;

describe('the one-click unsubscribe link', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('turns the email of its event off, and back on with the undo', async () => {
    const member = await createUser(h.db);
    const params = linkParams(member.id, 'membership-ending');
    expect(await applyUnsubscribeLink(h.db, params, false, T0)).toBe('membership-ending');
    expect((await loadPrefs(h.db, member.id))['membership-ending'].email).toBe(false);
    expect((await loadPrefs(h.db, member.id))['membership-ending'].telegram).toBe(true);
    expect(await applyUnsubscribeLink(h.db, params, true, T0)).toBe('membership-ending');
    expect((await loadPrefs(h.db, member.id))['membership-ending'].email).toBe(true);
  });

  it('writes nothing for a forged link or an unknown member', async () => {
    const member = await createUser(h.db);
    const before = await loadPrefs(h.db, member.id);
    // A genuine link for one event with another event written in; that event's email is on by default.
    const forged = linkParams(member.id, 'analysis-any');
    forged.set('e', 'membership-ending');
    expect(before['membership-ending'].email).toBe(true);
    expect(await applyUnsubscribeLink(h.db, forged, false, T0)).toBeNull();
    const gone = linkParams('00000000-0000-4000-8000-000000000000', 'analysis-any');
    expect(await applyUnsubscribeLink(h.db, gone, false, T0)).toBeNull();
    expect(await loadPrefs(h.db, member.id)).toEqual(before);
  });
});
