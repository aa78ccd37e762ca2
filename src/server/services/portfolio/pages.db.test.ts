import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { createTestPortfolio, createTrade, seedMarket } from '../../../../tests/factories/portfolio';
import { createUser } from '../../../../tests/factories/users';
import { transactionsPageState } from './pages';

describe('the transaction list type filter (?jenis=)', () => {
  let h: TestDb;
  let userId: string;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
    userId = (await createUser(h.db)).id;
    const p = await createTestPortfolio(h.db, userId);
    await createTrade(h.db, userId, p.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'beli',
      shares: '100',
      price: '8950',
    });
    await createTrade(h.db, userId, p.id, {
      date: '2026-09-14',
      ticker: 'BBCA',
      type: 'jual',
      shares: '100',
      price: '9500',
    });
  });
  afterAll(() => h?.close());

  const typesListed = async (type: string) =>
    (await transactionsPageState(h.db, userId, { type }))!.list.items.map((t) => t.type).sort();

  it('keeps the type an Indonesian URL word names, and reads anything else as no filter', async () => {
    expect(await typesListed('beli')).toEqual(['buy']);
    expect(await typesListed('jual')).toEqual(['sell']);
    // Not a word of the filter: the English value, and names every object carries.
    for (const other of ['buy', 'constructor', 'toString', '__proto__', ''])
      expect(await typesListed(other), other).toEqual(['buy', 'sell']);
  });
});
