import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../../tests/db';
import { createUser, grantTier } from '../../../tests/factories/users';
import { sessions } from '../db/schema';
import { currentTier } from '../services/membership';
import { endSessionById, openSession } from './session-rows';
import { knownClaims, rememberClaims, sessionCookies, sessionUser, toViewer } from './session-user';

const NOW = new Date('2026-11-20T03:00:00Z');
const day = (d: string) => new Date(`${d}T00:00:00Z`);

describe('the viewer of a session, in one query', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('reads the user with the same tier as currentTier(), for each kind of membership history', async () => {
    const gratis = await createUser(h.db);
    const reguler = await createUser(h.db);
    await grantTier(h.db, reguler.id, 'reguler', day('2026-11-01'), day('2026-12-01'));
    // A premium month queued behind a running reguler one, and an expired premium one.
    const stacked = await createUser(h.db);
    await grantTier(h.db, stacked.id, 'premium', day('2026-10-01'), day('2026-11-01'));
    await grantTier(h.db, stacked.id, 'reguler', day('2026-11-10'), day('2026-12-10'));
    await grantTier(h.db, stacked.id, 'premium', day('2026-12-10'), day('2027-01-10'));
    const premium = await createUser(h.db);
    await grantTier(h.db, premium.id, 'premium', day('2026-11-01'), day('2026-12-01'));
    await grantTier(h.db, premium.id, 'premium', day('2026-12-01'), day('2027-01-01'));
    for (const u of [gratis, reguler, stacked, premium]) {
      const sessionId = await openSession(h.db, u.id);
      const found = await sessionUser(h.db, { userId: u.id, sessionId }, NOW);
      expect(found?.user.id).toBe(u.id);
      expect(found?.tier).toEqual(await currentTier(h.db, u.id, NOW));
    }
    const p = await sessionUser(h.db, { userId: premium.id, sessionId: await openSession(h.db, premium.id) }, NOW);
    expect(p?.tier).toEqual({ tier: 'premium', endsAt: day('2027-01-01') });
    expect(toViewer(p!.user, p!.tier)).toMatchObject({
      id: premium.id,
      tier: 'premium',
      tierEndsAt: '2027-01-01T00:00:00.000Z',
    });
  });

  it('finds nobody for an ended, expired, foreign or malformed session', async () => {
    const u = await createUser(h.db);
    const other = await createUser(h.db);
    const ended = await openSession(h.db, u.id);
    await endSessionById(h.db, ended);
    expect(await sessionUser(h.db, { userId: u.id, sessionId: ended }, NOW)).toBeUndefined();
    const expired = await openSession(h.db, u.id);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired));
    expect(await sessionUser(h.db, { userId: u.id, sessionId: expired }, NOW)).toBeUndefined();
    const live = await openSession(h.db, u.id);
    expect(await sessionUser(h.db, { userId: other.id, sessionId: live }, NOW)).toBeUndefined();
    expect(await sessionUser(h.db, { userId: u.id, sessionId: "x' or '1'='1" }, NOW)).toBeUndefined();
    expect(await sessionUser(h.db, { userId: u.id, sessionId: live }, NOW)).toBeDefined();
  });

  it('remembers decoded claims only under the exact session cookies', () => {
    const cookies = sessionCookies('theme=dark; authjs.session-token=abc.def; other=1');
    expect(cookies).toBe('authjs.session-token=abc.def');
    expect(sessionCookies('theme=dark; xauthjs.session-token=abc')).toBe('');
    expect(sessionCookies('__Secure-authjs.session-token.0=a; __Secure-authjs.session-token.1=b')).toBe(
      '__Secure-authjs.session-token.0=a;__Secure-authjs.session-token.1=b',
    );
    const claims = {
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
    };
    rememberClaims(cookies, claims);
    expect(knownClaims(cookies)).toEqual(claims);
    expect(knownClaims(sessionCookies('authjs.session-token=abc.deg'))).toBeUndefined();
    expect(knownClaims('')).toBeUndefined();
  });
});
