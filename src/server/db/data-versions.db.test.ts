import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createTestDb, type TestDb } from '../../../tests/db';
import { createUser, grantTier } from '../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket } from '../../../tests/factories/portfolio';
import { endAllSessions, endSessionById, openSession } from '../auth/session-rows';
import { sessionUser, sessionUserInMemory } from '../auth/session-user';
import { currentMarketVersion, markMarketChanged, marketVersion, marketVersionInMemory } from '../services/market';
import { currentMemberVersion, memberVersion, memberVersionInMemory } from '../services/portfolio';
import { portfolios, transactions, users } from './schema';
import { LISTENER_NAME, setVersionStore, syncVersions, VersionStore, type ChangeSource } from './data-versions';
import { mayHaveWritten } from './request-writes';
import { requestContext } from '../http/request-context';
import {
  behindWrittenVersion,
  catchUpWithCookie,
  WRITTEN_VERSION_COOKIE,
  writtenVersionOf,
} from '../http/written-version';
import { confirmEmailToken, issueEmailToken } from '../services/accounts';

const NOW = new Date('2026-11-20T03:00:00Z');
const day = (d: string) => new Date(`${d}T00:00:00Z`);
const buy = { date: '2026-03-02', ticker: 'BBRI', type: 'buy', shares: '1000', price: '4000' } as const;

function sourceOf(h: TestDb): ChangeSource {
  if (h.databaseUrl) return { kind: 'postgres', url: h.databaseUrl };
  const client = (h.db as unknown as { $client: PGlite }).$client;
  return { kind: 'pglite', listen: (channel, onPayload) => client.listen(channel, onPayload) };
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!ok()) throw new Error('the store never listened');
}

/** Runs `statement` with the change triggers of `table` off: a write no notification reports. */
async function unnoticed(h: TestDb, table: string, statement: () => Promise<unknown>): Promise<void> {
  await h.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  try {
    await statement();
  } finally {
    await h.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  }
}

/**
 * A TCP proxy to PostgreSQL that can stop passing bytes (a peer gone silent without a reset), delay what
 * the server sends (`delayMs`: notifications and answers arrive late, in order), and counts the simple
 * queries `select 1` the client sends (the listening connection's pings).
 */
async function stallingProxy(url: string, { delayMs = 0 } = {}) {
  const target = new URL(url);
  let stalled = false;
  let pings = 0;
  const sockets: net.Socket[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    // The client's messages: an untyped start-up message (after an SSL request, if any), then typed ones.
    let pending = Buffer.alloc(0);
    let untyped = true;
    const count = (d: Buffer) => {
      pending = Buffer.concat([pending, d]);
      for (;;) {
        const head = untyped ? 0 : 1;
        if (pending.length < head + 4) return;
        const size = head + pending.readInt32BE(head);
        if (pending.length < size) return;
        const message = pending.subarray(0, size);
        if (untyped) untyped = message.readInt32BE(4) === 80877103;
        else if (message[0] === 0x51 && message.subarray(5).toString().startsWith('select 1')) pings++;
        pending = pending.subarray(size);
      }
    };
    client.on('data', (d: Buffer) => {
      if (stalled) return;
      count(d);
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (stalled) return;
      if (delayMs) setTimeout(() => client.write(d), delayMs);
      else client.write(d);
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    stall: (on: boolean) => void (stalled = on),
    pings: () => pings,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('data versions bumped by triggers', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h.close());

  it("bumps a member's version in the transaction of every write to their portfolios and transactions", async () => {
    const u = await createUser(h.db);
    const other = await createUser(h.db);
    expect(await memberVersion(h.db, u.id)).toBe(0);
    const p = await createTestPortfolio(h.db, u.id);
    const afterPortfolio = await memberVersion(h.db, u.id);
    expect(afterPortfolio).toBeGreaterThan(0);
    await createTrade(h.db, u.id, p.id, buy);
    const afterTrade = await memberVersion(h.db, u.id);
    expect(afterTrade).toBeGreaterThan(afterPortfolio);
    // A write behind the services' back counts too; a rolled-back one does not.
    await h.db.update(transactions).set({ shares: 900 }).where(eq(transactions.portfolioId, p.id));
    const afterUpdate = await memberVersion(h.db, u.id);
    expect(afterUpdate).toBe(afterTrade + 1);
    await expect(
      h.db.transaction(async (tx) => {
        await tx.delete(transactions).where(eq(transactions.portfolioId, p.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await memberVersion(h.db, u.id)).toBe(afterUpdate);
    // Deleting the portfolio (its transactions go with it) bumps the member; nobody else moves.
    await h.db.delete(portfolios).where(eq(portfolios.id, p.id));
    expect(await memberVersion(h.db, u.id)).toBeGreaterThan(afterUpdate);
    expect(await memberVersion(h.db, other.id)).toBe(0);
    // Deleting a user with portfolios is not refused by the version rows.
    const gone = await createUser(h.db);
    await createTrade(h.db, gone.id, (await createTestPortfolio(h.db, gone.id)).id, buy);
    await h.db.delete(users).where(eq(users.id, gone.id));
  });

  it('bumps the market version with markMarketChanged, only when its transaction commits', async () => {
    const before = await marketVersion(h.db);
    await h.db.transaction((tx) => markMarketChanged(tx));
    expect(await marketVersion(h.db)).toBe(before + 1);
    await expect(
      h.db.transaction(async (tx) => {
        await markMarketChanged(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await marketVersion(h.db)).toBe(before + 1);
  });
});

describe('identities and versions kept in memory, exact by change notifications', () => {
  let h: TestDb;
  let store: VersionStore;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
    store = new VersionStore(sourceOf(h));
    setVersionStore(h.db, store);
    await until(() => store.trusted());
  });
  afterAll(async () => {
    await store.close();
    await h.close();
  });

  it('serves a session from memory until a write to the user’s sessions, row or memberships', async () => {
    const u = await createUser(h.db);
    const s1 = await openSession(h.db, u.id);
    const s2 = await openSession(h.db, u.id);
    const claims = { userId: u.id, sessionId: s1 };
    // The notifications of those writes are applied (on PostgreSQL they arrive a moment after commit).
    await store.sync();
    // Without waiting (the Node server's answers from memory): nothing until it was read and kept.
    expect(sessionUserInMemory(h.db, claims, NOW)).toBeUndefined();
    expect((await sessionUser(h.db, claims, NOW))?.tier.tier).toBe('gratis');
    expect(sessionUserInMemory(h.db, claims, NOW)?.tier.tier).toBe('gratis');
    // From memory: a change no notification reports is not seen …
    await unnoticed(h, 'users', () => h.db.update(users).set({ name: 'Tak Terlihat' }).where(eq(users.id, u.id)));
    expect((await sessionUser(h.db, claims, NOW))?.user.name).not.toBe('Tak Terlihat');
    // … a notified one is, at once: a tier change,
    await grantTier(h.db, u.id, 'premium', day('2026-11-01'), day('2026-12-01'));
    await store.sync();
    expect(sessionUserInMemory(h.db, claims, NOW)).toBeUndefined();
    const premium = await sessionUser(h.db, claims, NOW);
    expect(premium?.tier).toEqual({ tier: 'premium', endsAt: day('2026-12-01') });
    expect(premium?.user.name).toBe('Tak Terlihat');
    expect(sessionUserInMemory(h.db, claims, NOW)).toEqual(premium);
    // and the membership's end at its boundary, without any write.
    expect((await sessionUser(h.db, claims, day('2026-12-02')))?.tier.tier).toBe('gratis');
    expect(sessionUserInMemory(h.db, claims, day('2026-12-02'))?.tier.tier).toBe('gratis');
    // A password change (the user row) and sign-out.
    await h.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, u.id));
    await store.sync();
    expect(sessionUserInMemory(h.db, claims, NOW)).toBeUndefined();
    expect((await sessionUser(h.db, claims, NOW))?.user.passwordHash).toBe('x');
    await endSessionById(h.db, s1);
    await store.sync();
    expect(sessionUserInMemory(h.db, claims, NOW)).toBeUndefined();
    expect(await sessionUser(h.db, claims, NOW)).toBeUndefined();
    // No session is kept as such, and never answered without waiting.
    expect(sessionUserInMemory(h.db, claims, NOW)).toBeUndefined();
    const other = { userId: u.id, sessionId: s2 };
    expect(await sessionUser(h.db, other, NOW)).toBeDefined();
    expect(sessionUserInMemory(h.db, other, NOW)).toBeDefined();
    // "Sign out everywhere".
    await endAllSessions(h.db, u.id);
    await store.sync();
    expect(sessionUserInMemory(h.db, other, NOW)).toBeUndefined();
    expect(await sessionUser(h.db, other, NOW)).toBeUndefined();
  });

  it("keeps a member's data version and the market's, moved by every committed write", async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    await store.sync();
    // The notification of the portfolio's creation carried the new version: known without a read.
    expect(memberVersionInMemory(h.db, u.id)).toBe(await memberVersion(h.db, u.id));
    const v1 = await currentMemberVersion(h.db, u.id);
    expect(v1).toBe(await memberVersion(h.db, u.id));
    expect(memberVersionInMemory(h.db, u.id)).toBe(v1);
    // From memory: an unnotified write leaves it; a notified one carries the new version.
    await unnoticed(h, 'transactions', () => createTrade(h.db, u.id, p.id, buy));
    expect(await currentMemberVersion(h.db, u.id)).toBe(v1);
    await createTrade(h.db, u.id, p.id, buy);
    await store.sync();
    expect(await currentMemberVersion(h.db, u.id)).toBe(await memberVersion(h.db, u.id));
    expect(await currentMemberVersion(h.db, u.id)).toBeGreaterThan(v1);
    expect(memberVersionInMemory(h.db, u.id)).toBe(await memberVersion(h.db, u.id));

    const m1 = await currentMarketVersion(h.db);
    expect(m1).toBe(await marketVersion(h.db));
    expect(marketVersionInMemory(h.db)).toBe(m1);
    await h.db.transaction((tx) => markMarketChanged(tx));
    await store.sync();
    // The notification carries the new version: known without a read.
    expect(marketVersionInMemory(h.db)).toBe(m1 + 1);
    expect(await currentMarketVersion(h.db)).toBe(m1 + 1);
  });

  it('keeps nothing read while a change of its topic arrived', async () => {
    let reads = 0;
    const load = async () => {
      reads++;
      // The topic changes while this read is under way.
      store.applyPayload('u:00000000-0000-0000-0000-000000000001');
      return reads;
    };
    expect(await store.get('u:00000000-0000-0000-0000-000000000001', 'k', load)).toBe(1);
    expect(await store.get('u:00000000-0000-0000-0000-000000000001', 'k', load)).toBe(2);
    const steady = async () => ++reads;
    const kept = await store.get('u:x', 'k2', steady);
    expect(await store.get('u:x', 'k2', steady)).toBe(kept);
    // An expiry ends it too.
    const expiring = await store.get('u:y', 'k3', steady, () => Date.now() - 1);
    expect(await store.get('u:y', 'k3', steady, () => Date.now() - 1)).toBe(expiring + 1);
  });

  it('forgets everything after a TRUNCATE, which also moves every member version', async () => {
    const u = await createUser(h.db);
    const s = await openSession(h.db, u.id);
    const p = await createTestPortfolio(h.db, u.id);
    await createTrade(h.db, u.id, p.id, buy);
    await store.sync();
    const claims = { userId: u.id, sessionId: s };
    expect(await sessionUser(h.db, claims, NOW)).toBeDefined();
    const v1 = await currentMemberVersion(h.db, u.id);
    // Maintenance, not the app: TRUNCATE fires no row or statement trigger of the writes above.
    await h.db.execute(sql`truncate transactions cascade`);
    await h.db.execute(sql`truncate sessions cascade`);
    await store.sync();
    expect(await currentMemberVersion(h.db, u.id)).toBeGreaterThan(v1);
    expect(await sessionUser(h.db, claims, NOW)).toBeUndefined();
  });
});

describe('without a listening connection, everything is read from the database', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('reads the database while it cannot listen', async () => {
    const store = new VersionStore(
      h.databaseUrl
        ? { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }
        : { kind: 'pglite', listen: () => Promise.reject(new Error('no listening')) },
    );
    setVersionStore(h.db, store);
    try {
      const u = await createUser(h.db);
      const claims = { userId: u.id, sessionId: await openSession(h.db, u.id) };
      expect(await sessionUser(h.db, claims, NOW)).toBeDefined();
      expect(store.trusted()).toBe(false);
      // Nothing is answered without a read.
      expect(sessionUserInMemory(h.db, claims, NOW)).toBeUndefined();
      await currentMarketVersion(h.db);
      expect(marketVersionInMemory(h.db)).toBeUndefined();
      // Not kept: a write no notification reports shows at once.
      await unnoticed(h, 'users', () => h.db.update(users).set({ name: 'Langsung' }).where(eq(users.id, u.id)));
      expect((await sessionUser(h.db, claims, NOW))?.user.name).toBe('Langsung');
      await unnoticed(h, 'sessions', () => endSessionById(h.db, claims.sessionId));
      expect(await sessionUser(h.db, claims, NOW)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  // PostgreSQL only: the embedded database's listener is in the process and cannot lose its connection.
  if (process.env.TEST_DATABASE_URL)
    it('on PostgreSQL: stops trusting memory when the listening connection drops, and starts afresh on reconnecting', async () => {
      const store = new VersionStore({ kind: 'postgres', url: h.databaseUrl! });
      setVersionStore(h.db, store);
      const admin = new pg.Client({ connectionString: h.databaseUrl });
      await admin.connect();
      try {
        await expect.poll(() => store.trusted(), { timeout: 10_000 }).toBe(true);
        const u = await createUser(h.db);
        const claims = { userId: u.id, sessionId: await openSession(h.db, u.id) };
        await store.sync();
        expect(await sessionUser(h.db, claims, NOW)).toBeDefined();
        await unnoticed(h, 'users', () => h.db.update(users).set({ name: 'Diam' }).where(eq(users.id, u.id)));
        expect((await sessionUser(h.db, claims, NOW))?.user.name).not.toBe('Diam');

        // This database's listener only: test files beside this one listen on databases of their own.
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
          [LISTENER_NAME],
        );
        await expect.poll(() => store.trusted(), { timeout: 5_000 }).toBe(false);
        // Disconnected: read from the database, so the unnotified write shows, and so does a sign-out
        // whose notification nobody heard.
        expect((await sessionUser(h.db, claims, NOW))?.user.name).toBe('Diam');
        await unnoticed(h, 'users', () => h.db.update(users).set({ name: 'Diam Lagi' }).where(eq(users.id, u.id)));
        expect((await sessionUser(h.db, claims, NOW))?.user.name).toBe('Diam Lagi');

        // Reconnected: nothing kept from before; then kept again.
        await expect.poll(() => store.trusted(), { timeout: 10_000 }).toBe(true);
        expect((await sessionUser(h.db, claims, NOW))?.user.name).toBe('Diam Lagi');
        await unnoticed(h, 'users', () => h.db.update(users).set({ name: 'Lagi-lagi' }).where(eq(users.id, u.id)));
        expect((await sessionUser(h.db, claims, NOW))?.user.name).toBe('Diam Lagi');
      } finally {
        await admin.end();
        await store.close();
      }
    });
  // PostgreSQL only. Without a give-up, a ping never answered held every write request (which waits for
  // sync()) and kept the dead connection forever: this test then times out.
  if (process.env.TEST_DATABASE_URL)
    it('on PostgreSQL: gives up a listening connection gone silent, holds no request, and listens again', async () => {
      const proxy = await stallingProxy(h.databaseUrl!);
      const store = new VersionStore({ kind: 'postgres', url: proxy.url });
      try {
        await expect.poll(() => store.trusted(), { timeout: 10_000 }).toBe(true);
        proxy.stall(true);
        await store.sync();
        await expect.poll(() => store.trusted(), { timeout: 5_000 }).toBe(false);
        await store.sync();
        proxy.stall(false);
        await expect.poll(() => store.trusted(), { timeout: 30_000 }).toBe(true);
      } finally {
        await store.close();
        await proxy.close();
      }
    }, 60_000);
  // PostgreSQL only. A process busy for longer than the give-up time (a long synchronous task, a pause of
  // the garbage collector) used to give up a healthy connection at its first beat after the pause: timers
  // run before pending I/O, so the heartbeat saw no answer that was in fact waiting unread. Then it logged
  // "listening connection lost" and dropped everything kept.
  if (process.env.TEST_DATABASE_URL)
    it('on PostgreSQL: keeps its listening connection through a long pause of this process', async () => {
      const store = new VersionStore({ kind: 'postgres', url: h.databaseUrl! });
      const admin = new pg.Client({ connectionString: h.databaseUrl });
      await admin.connect();
      const listener = async () =>
        (
          await admin.query<{ pid: number }>(
            'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
            [LISTENER_NAME],
          )
        ).rows.map((r) => r.pid);
      try {
        await expect.poll(() => store.trusted(), { timeout: 10_000 }).toBe(true);
        const [before] = await listener();
        const pausedUntil = performance.now() + 6_000;
        while (performance.now() < pausedUntil);
        await expect.poll(() => store.trusted(), { timeout: 5_000 }).toBe(true);
        // Several beats after the pause, on the same connection.
        await new Promise((r) => setTimeout(r, 1_500));
        expect(store.trusted()).toBe(true);
        expect(await listener()).toEqual([before]);
      } finally {
        await admin.end();
        await store.close();
      }
    }, 60_000);
});

// PostgreSQL only: on the embedded database notifications are applied before a write returns, so nothing
// waits. The store listens through a proxy that delivers the server's bytes late, as a loaded network
// or database would: without waiting for the store, a write is not yet seen on the next request.
if (process.env.TEST_DATABASE_URL)
  describe('on PostgreSQL: a request that wrote waits until its writes are applied', () => {
    let h: TestDb;
    let proxy: Awaited<ReturnType<typeof stallingProxy>>;
    let store: VersionStore;
    beforeAll(async () => {
      h = await createTestDb();
      await seedMarket(h.db);
      proxy = await stallingProxy(h.databaseUrl!, { delayMs: 150 });
      store = new VersionStore({ kind: 'postgres', url: proxy.url });
      setVersionStore(h.db, store);
      await until(() => store.trusted());
    });
    afterAll(async () => {
      await store.close();
      await proxy.close();
      await h.close();
    });

    /** Runs `handler` as the middleware runs a request: then waits for the store if it may have written. */
    const request = (method: string, handler: () => Promise<unknown>) =>
      requestContext.run({ requestId: randomUUID() }, async () => {
        await handler();
        const wrote = mayHaveWritten(method);
        if (wrote) await syncVersions(h.db);
        return wrote;
      });

    it('a GET that writes (the verification link) waits, so the next request sees the verified address', async () => {
      const u = await createUser(h.db, { verified: false });
      const claims = { userId: u.id, sessionId: await openSession(h.db, u.id) };
      await store.sync();
      expect((await sessionUser(h.db, claims, NOW))?.user.emailVerifiedAt).toBeNull();
      const token = await issueEmailToken(h.db, u.id, 'verify-email', u.email, NOW);
      // A read-only GET marks nothing (and waits for nothing), in a transaction too.
      expect(await request('GET', () => h.db.transaction((tx) => tx.select().from(users).limit(1)))).toBe(false);
      expect(await request('GET', () => confirmEmailToken(h.db, token, NOW))).toBe(true);
      expect((await sessionUser(h.db, claims, NOW))?.user.emailVerifiedAt).toEqual(NOW);
    });

    it('marks only the request that wrote, when requests share the pool', async () => {
      const u = await createUser(h.db);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          request('GET', () =>
            i % 3 === 0
              ? h.db.transaction((tx) =>
                  tx
                    .update(users)
                    .set({ name: `Nama ${i}` })
                    .where(eq(users.id, u.id)),
                )
              : h.db.select().from(users).where(eq(users.id, u.id)),
          ),
        ),
      );
      expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0));
    });

    it("a member's next request after a write another server took waits for it when the cookie says so", async () => {
      const u = await createUser(h.db);
      const p = await createTestPortfolio(h.db, u.id);
      await store.sync();
      const before = memberVersionInMemory(h.db, u.id);
      expect(before).toBe(await memberVersion(h.db, u.id));
      // Another server's write (not followed by this store's sync): this server hears of it 150 ms later.
      await createTrade(h.db, u.id, p.id, buy);
      const keptRightAfter = memberVersionInMemory(h.db, u.id);
      const written = await memberVersion(h.db, u.id);
      expect(written).toBeGreaterThan(before!);
      expect(keptRightAfter).toBe(before);
      const cookie = `authjs.session-token=abc; ${WRITTEN_VERSION_COOKIE}=${u.id}.${written}`;
      expect(writtenVersionOf(cookie, u.id)).toBe(written);
      expect(behindWrittenVersion(h.db, u.id, cookie)).toBe(true);
      await catchUpWithCookie(h.db, u.id, cookie);
      expect(memberVersionInMemory(h.db, u.id)).toBe(written);
      expect(behindWrittenVersion(h.db, u.id, cookie)).toBe(false);
      // Caught up, or no cookie: no round trip.
      const pings = proxy.pings();
      await catchUpWithCookie(h.db, u.id, cookie);
      await catchUpWithCookie(h.db, u.id, 'authjs.session-token=abc');
      expect(proxy.pings()).toBe(pings);
      // A version no write left (a forged cookie) costs one round trip and changes nothing kept.
      const forged = `${WRITTEN_VERSION_COOKIE}=${u.id}.${written + 1_000}`;
      await catchUpWithCookie(h.db, u.id, forged);
      expect(proxy.pings()).toBeGreaterThan(pings);
      expect(memberVersionInMemory(h.db, u.id)).toBe(written);
      expect(await currentMemberVersion(h.db, u.id)).toBe(written);
    });

    it('concurrent writes share the next ping, and each sees its own write afterwards', async () => {
      const members = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const u = await createUser(h.db);
          return { u, p: await createTestPortfolio(h.db, u.id) };
        }),
      );
      await store.sync();
      const before = proxy.pings();
      const seen = await Promise.all(
        members.map(({ u, p }) =>
          request('POST', () => createTrade(h.db, u.id, p.id, buy)).then(async () => [
            await currentMemberVersion(h.db, u.id),
            await memberVersion(h.db, u.id),
          ]),
        ),
      );
      for (const [kept, stored] of seen) expect(kept).toBe(stored);
      // Pings still queued go out after their writes stopped waiting (sync() waits at most a second).
      await new Promise((r) => setTimeout(r, 1_000));
      // One ping per write before (30, sent one after the other); now those that wait together share
      // one, and the heartbeat (every 400 ms) adds a few.
      expect(proxy.pings() - before).toBeLessThanOrEqual(10);
    });
  });
