import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '@auth/core/jwt';
import { createTestDb, type TestDb } from '../../../tests/db';
import { createUser } from '../../../tests/factories/users';
import { sessions } from '../db/schema';
import { authSecret } from './secret';
import { openSession } from './session-rows';
import { liveSessionCookies, sessionCookieName } from './session-token';

/** The session a `Cookie` header of liveSessionCookies() names, as the app reads it. */
async function claimsOf(cookie: string) {
  const name = sessionCookieName();
  expect(cookie.startsWith(`${name}=`)).toBe(true);
  return decode({ token: cookie.slice(name.length + 1), secret: authSecret(), salt: name });
}

describe("the warm start's session cookies", () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it("name each signed-in member's newest live session, the last signed in first, and no one else's", async () => {
    const hour = 3_600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
    const older = await createUser(h.db);
    const newer = await createUser(h.db);
    const expired = await createUser(h.db);
    const pending = await createUser(h.db);
    await createUser(h.db); // signed out: no session at all
    const [olderFirst, olderSecond] = await h.db
      .insert(sessions)
      .values([
        { userId: older.id, createdAt: at(5), expiresAt: at(-1) },
        { userId: older.id, createdAt: at(2), expiresAt: at(-1) },
        { userId: expired.id, createdAt: at(3), expiresAt: at(1) },
        { userId: pending.id, createdAt: at(0), expiresAt: at(-1), secondFactorPending: true },
      ])
      .returning({ id: sessions.id });
    const newest = await openSession(h.db, newer.id);

    const cookies = await liveSessionCookies(h.db, 10);
    const claims = await Promise.all(cookies.map(claimsOf));
    expect(claims.map((c) => [c?.sub, c?.sid])).toEqual([
      [newer.id, newest],
      [older.id, olderSecond!.id],
    ]);
    expect(claims[0]).toMatchObject({ name: newer.name, email: newer.email });
    expect(claims.map((c) => c?.sid)).not.toContain(olderFirst!.id);

    // At most `limit` members, the last signed in first.
    expect((await Promise.all((await liveSessionCookies(h.db, 1)).map(claimsOf))).map((c) => c?.sub)).toEqual([
      newer.id,
    ]);
  });
});
