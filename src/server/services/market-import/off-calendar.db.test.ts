/**
 * A row on a day the calendar closes (IDX's Saturday test session of 2021-05-22, a listed holiday) is
 * imported, counts as a trading day, and is named with the reason.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { dailyPrices } from '../../db/schema';
import { offCalendarPriceDays } from './off-calendar';
import { importMarketCsv } from '.';

let h: DbHandle;
beforeEach(async () => {
  h = await createTestDb();
});
afterEach(() => h.close());

it('imports a Saturday row and a holiday row, and names both days with why', async () => {
  const today = '2021-06-30';
  const emiten = await importMarketCsv(
    h.db,
    'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\nBBRI,Bank Rakyat Indonesia,Keuangan,Bank,Utama,2003-11-10,1\n',
    { today },
  );
  expect(emiten.errors).toEqual([]);
  const prices = await importMarketCsv(
    h.db,
    'date,ticker,open,high,low,close,volume\n' +
      '2021-05-21,BBRI,4000,4050,3990,4020,100\n2021-05-22,BBRI,4020,4030,4010,4020,5\n' +
      '2021-02-12,BBRI,4000,4000,4000,4000,1\n',
    { today },
  );
  expect(prices.errors).toEqual([]);
  expect(await h.db.select().from(dailyPrices).where(eq(dailyPrices.date, '2021-05-22'))).toHaveLength(1);
  const holidays = new Map([['2021-02-12', 'Tahun Baru Imlek 2572']]);
  expect(await offCalendarPriceDays(h.db, holidays)).toEqual([
    { date: '2021-02-12', reason: 'libur bursa: Tahun Baru Imlek 2572' },
    { date: '2021-05-22', reason: 'Sabtu' },
  ]);
});
