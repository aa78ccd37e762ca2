import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket, TODAY } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import { deleteTransaction, holdingsReport, updateTransaction } from '.';

describe("a member's cached reports", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h.close());

  it('follow every write of the member: add, edit, delete', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    const shares = async () =>
      (await holdingsReport(h.db, u.id, { asOf: TODAY }))!.holdings.find((x) => x.ticker === 'BBRI')?.shares ?? 0;
    const buy = { date: '2026-03-02', ticker: 'BBRI', type: 'buy', shares: '1000', price: '4000' } as const;
    const first = await createTrade(h.db, u.id, p.id, buy);
    expect(await shares()).toBe(1000);
    // The same report again is the cached one, and still right.
    expect(await holdingsReport(h.db, u.id, { asOf: TODAY })).toBe(await holdingsReport(h.db, u.id, { asOf: TODAY }));

    await createTrade(h.db, u.id, p.id, { ...buy, shares: '500' });
    expect(await shares()).toBe(1500);
    const edited = await updateTransaction(h.db, u.id, first.id, { ...buy, shares: '200' }, { today: TODAY });
    expect(edited.ok).toBe(true);
    expect(await shares()).toBe(700);
    expect((await deleteTransaction(h.db, u.id, first.id)).ok).toBe(true);
    expect(await shares()).toBe(500);
  });
});
