import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { requestContext } from '../../http/request-context';
import { perMarketVersion } from './cache';
import { markMarketChanged } from './version';

describe('values derived once per market-data version', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('computes once per version, again after a market write, and forgets failures', async () => {
    let runs = 0;
    const compute = async () => ++runs;
    expect(await perMarketVersion(h.db, 'k', compute)).toBe(1);
    expect(await perMarketVersion(h.db, 'k', compute)).toBe(1);
    await h.db.transaction((tx) => markMarketChanged(tx));
    expect(await perMarketVersion(h.db, 'k', compute)).toBe(2);
    expect(await perMarketVersion(h.db, 'other', compute)).toBe(3);

    await expect(perMarketVersion(h.db, 'bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await perMarketVersion(h.db, 'bad', compute)).toBe(4);
  });

  it('sees a write made inside the same request', async () => {
    let runs = 0;
    const compute = async () => ++runs;
    await requestContext.run({ requestId: 'r1' }, async () => {
      expect(await perMarketVersion(h.db, 'req', compute)).toBe(1);
      expect(await perMarketVersion(h.db, 'req', compute)).toBe(1);
      await h.db.transaction((tx) => markMarketChanged(tx));
      expect(await perMarketVersion(h.db, 'req', compute)).toBe(2);
    });
  });
});
