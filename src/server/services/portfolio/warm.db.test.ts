import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket } from '../../../../tests/factories/portfolio';
import { openSession } from '../../auth/session-rows';
import { todayWib } from '../../clock';
import type { DbHandle } from '../../db/client';
import { sessions } from '../../db/schema';
import { holdingsOverview, warmMemberReports } from '.';

/** The report cache as the built app sees it: on globalThis, per database (report-cache.ts). */
function overviewKept(db: object, userId: string): Promise<unknown> | undefined {
  const caches = (globalThis as unknown as Record<symbol, WeakMap<object, Map<string, { value: Promise<unknown> }>>>)[
    Symbol.for('telaah.portfolio-reports')
  ];
  return caches?.get(db)?.get(`${userId}|overview||${todayWib()}`)?.value;
}

describe('warm start for members', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h.close());

  async function memberWithTrade() {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBRI',
      type: 'buy',
      shares: '1000',
      price: '4000',
    });
    return u;
  }

  it("computes the overview of members with a live session, newest first, and none of the others'", async () => {
    const older = await memberWithTrade();
    const newer = await memberWithTrade();
    const expired = await memberWithTrade();
    const pending = await memberWithTrade();
    const signedOut = await memberWithTrade();
    const hour = 3_600_000;
    await h.db.insert(sessions).values([
      { userId: older.id, createdAt: new Date(Date.now() - 2 * hour), expiresAt: new Date(Date.now() + hour) },
      { userId: expired.id, createdAt: new Date(Date.now() - 3 * hour), expiresAt: new Date(Date.now() - hour) },
      { userId: pending.id, createdAt: new Date(), expiresAt: new Date(Date.now() + hour), secondFactorPending: true },
    ]);
    await openSession(h.db, newer.id);

    // One member allowed: the newest sign-in.
    expect(await warmMemberReports(h.db, { maxMembers: 1 })).toMatchObject({ members: 1 });
    expect(overviewKept(h.db, newer.id)).toBeDefined();
    expect(overviewKept(h.db, older.id)).toBeUndefined();

    const result = await warmMemberReports(h.db);
    expect(result.members).toBe(2);
    for (const u of [expired, pending, signedOut]) expect(overviewKept(h.db, u.id), u.email).toBeUndefined();
    // What the member's first page asks for is the report computed before the start, not a new one.
    const kept = overviewKept(h.db, older.id);
    expect(kept).toBeDefined();
    const overview = await holdingsOverview(h.db, older.id, todayWib());
    expect(overview).toBe(await kept);
    expect(overview.all.holdings.map((x) => [x.ticker, x.shares])).toEqual([['BBRI', 1000]]);
  });

  it('stops at its deadline', async () => {
    const u = await memberWithTrade();
    await openSession(h.db, u.id);
    expect(await warmMemberReports(h.db, { deadlineMs: -1 })).toMatchObject({ members: 0 });
  });
});
