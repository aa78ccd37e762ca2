import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket, TODAY } from '../../../../tests/factories/portfolio';
import { migrationsFolder, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { newWriteWatch, setWriteWatch, writeWatchLogger, type WriteWatch } from '../../db/write-watch';
import { holdingsReport } from '.';
import { pgliteExtensions } from '../../db/pglite-extensions';

/** An embedded database opened as openDatabase opens one: its writes are watched. */
describe("a member's cached reports on a watched embedded database", () => {
  let client: PGlite;
  let db: Db;
  let watch: WriteWatch;
  beforeAll(async () => {
    client = await PGlite.create({ extensions: await pgliteExtensions() });
    watch = newWriteWatch();
    const d = drizzle({ client, schema, logger: writeWatchLogger(watch) });
    setWriteWatch(d, watch);
    await migrate(d, { migrationsFolder: migrationsFolder() });
    db = d as unknown as Db;
    await seedMarket(db);
  });
  afterAll(() => client.close());

  it('trust the fingerprint read last until the app writes again, and read it again after a write', async () => {
    const u = await createUser(db);
    const p = await createTestPortfolio(db, u.id);
    const buy = { date: '2026-03-02', ticker: 'BBRI', type: 'buy', shares: '1000', price: '4000' } as const;
    await createTrade(db, u.id, p.id, buy);
    expect(watch.writes).toBeGreaterThan(0);
    const shares = async () =>
      (await holdingsReport(db, u.id, { asOf: TODAY }))!.holdings.find((x) => x.ticker === 'BBRI')?.shares ?? 0;
    expect(await shares()).toBe(1000);

    // A row written behind the app's back (not through Drizzle) during the settle time is still seen:
    // the fingerprint is read on every request then.
    await client.query(`update transactions set shares = 900 where portfolio_id = $1`, [p.id]);
    expect(await shares()).toBe(900);

    // Once writes have settled, the last fingerprint is trusted: no query, so a write the watch cannot
    // see goes unnoticed (proof that the database is not asked) …
    watch.lastWriteAt -= 61_000;
    expect(await shares()).toBe(900);
    await client.query(`update transactions set shares = 800 where portfolio_id = $1`, [p.id]);
    expect(await shares()).toBe(900);
    // … and any write through the app makes it read again.
    await createTrade(db, u.id, p.id, { ...buy, shares: '500' });
    expect(await shares()).toBe(1300);
  });
});
