import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { emiten } from '../../src/server/db/schema';
import { executeRows } from '../../src/server/db/rows';

describe('database schema', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('applies the migrations and round-trips an emiten', async () => {
    await h.db.insert(emiten).values({
      ticker: 'BBCA',
      name: 'PT Bank Central Asia Tbk',
      sector: 'Keuangan',
      subSector: 'Bank',
      board: 'Utama',
      listingDate: '2000-05-31',
      sharesOutstanding: 123_275_050_000,
    });
    const rows = await h.db.select().from(emiten);
    expect(rows).toEqual([
      expect.objectContaining({ ticker: 'BBCA', sharesOutstanding: 123_275_050_000, isDemo: false }),
    ]);
    const [r] = await executeRows<{ n: number }>(h.db, sql`select count(*)::int as n from daily_prices`);
    expect(r!.n).toBe(0);
  });
});
