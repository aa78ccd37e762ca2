/**
 * The listing lifecycle through emiten files, on a real database: codes as IDX writes them (a fifth
 * letter for preferred shares, -R and -W suffixes), a delisting date that refuses members' later
 * transactions, and a code change that keeps one company (prices, actions and members' transactions
 * follow the new code; the old code leads to it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import { dailyPrices, emiten, transactions } from '../../db/schema';
import { addTransaction } from '../portfolio';
import { renamedCode } from '../research/code-changes';
import { importMarketCsv } from '.';

const TODAY = '2021-06-30';
const HEADER = 'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding';

let h: DbHandle;
beforeEach(async () => {
  h = await createTestDb();
});
afterEach(() => h.close());

async function load(csv: string) {
  const r = await importMarketCsv(h.db, csv, { today: TODAY });
  expect(r.errors).toEqual([]);
  return r;
}

const buy = async (userId: string, portfolioId: string, ticker: string, date: string) =>
  addTransaction(
    h.db,
    userId,
    portfolioId,
    { date, ticker, type: 'beli', quantity: '1', unit: 'lot', price: '500' },
    { today: TODAY },
  );

describe('emiten files and the listing lifecycle', () => {
  it('stores codes as IDX writes them and refuses malformed ones by row', async () => {
    await load(
      `${HEADER}\nMAMIP,Maskapai Reasuransi Preferen,Keuangan,Asuransi,Utama,2000-01-03,1000\n` +
        `BBTN-R,HMETD Bank Tabungan Negara,Keuangan,Bank,Utama,2021-01-04,1000\n` +
        `ABCD-W,Waran Abcd,Energi,Batu Bara,Pengembangan,2021-01-04,1000\n`,
    );
    const codes = await h.db.select({ t: emiten.ticker }).from(emiten).orderBy(asc(emiten.ticker));
    expect(codes.map((c) => c.t)).toEqual(['ABCD-W', 'BBTN-R', 'MAMIP']);
    const bad = await importMarketCsv(h.db, `${HEADER}\nBBCA-X,Salah,Keuangan,Bank,Utama,2021-01-04,1\n`, {
      today: TODAY,
    });
    expect(bad.errors).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'ticker',
        message: expect.stringContaining('"BBCA-X" harus 4 huruf'),
      }),
    ]);
  });

  it('records a delisting date and refuses a trade dated after it, with a clear message', async () => {
    await load(
      `${HEADER},delisting_date\nAPOL,Arpeni Pratama Ocean Line,Transportasi,Pelayaran,Utama,2005-06-22,1000,2020-04-06\n`,
    );
    expect((await h.db.select().from(emiten))[0]!.delistedAt).toBe('2020-04-06');
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Utama');
    expect(await buy(u.id, p.id, 'APOL', '2020-04-03')).toMatchObject({ ok: true });
    const late = await buy(u.id, p.id, 'APOL', '2020-05-04');
    expect(late).toMatchObject({
      ok: false,
      fields: {
        date: 'APOL sudah delisting (dihapus dari bursa) pada 6 April 2020; transaksi setelah tanggal itu tidak bisa dicatat.',
      },
    });
    // A file without the column leaves the delisting as it was; one with an empty cell relists.
    await load(`${HEADER}\nAPOL,Arpeni Pratama Ocean Line,Transportasi,Pelayaran,Utama,2005-06-22,1\n`);
    expect((await h.db.select().from(emiten))[0]!.delistedAt).toBe('2020-04-06');
    await load(`${HEADER},delisting_date\nAPOL,Arpeni Pratama Ocean Line,Transportasi,Pelayaran,Utama,2005-06-22,1,\n`);
    expect((await h.db.select().from(emiten))[0]!.delistedAt).toBeNull();
  });

  it('keeps one company through a code change: prices and members\u2019 transactions follow the new code', async () => {
    await load(`${HEADER}\nLAMA,Perusahaan Sintetis Tbk,Energi,Batu Bara,Utama,2010-01-04,1000\n`);
    await load(
      'date,ticker,open,high,low,close,volume\n2021-03-01,LAMA,500,500,500,500,10\n2021-03-02,LAMA,505,510,500,505,10\n',
    );
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Utama');
    expect(await buy(u.id, p.id, 'LAMA', '2021-03-02')).toMatchObject({ ok: true });

    await load(`${HEADER},previous_code\nBARU,Perusahaan Sintetis Tbk,Energi,Batu Bara,Utama,2010-01-04,1000,LAMA\n`);
    const codes = await h.db.select({ t: emiten.ticker }).from(emiten);
    expect(codes).toEqual([{ t: 'BARU' }]);
    const prices = await h.db.select().from(dailyPrices).orderBy(asc(dailyPrices.date));
    expect(prices.map((r) => `${r.ticker} ${r.date}`)).toEqual(['BARU 2021-03-01', 'BARU 2021-03-02']);
    const held = await h.db.select().from(transactions).where(eq(transactions.portfolioId, p.id));
    expect(held.map((t) => t.ticker)).toEqual(['BARU']);
    expect(await renamedCode(h.db, 'LAMA')).toBe('BARU');
    expect(await renamedCode(h.db, 'BARU')).toBeUndefined();
  });

  it('merges the old code into a new code the feed listed first, keeping the new code\u2019s days', async () => {
    await load(
      `${HEADER}\nLAMA,Perusahaan Sintetis Tbk,Energi,Batu Bara,Utama,2010-01-04,1000\n` +
        `BARU,BARU,Belum diklasifikasikan,Belum diklasifikasikan,Utama,2021-03-02,1\n`,
    );
    await load(
      'date,ticker,open,high,low,close,volume\n2021-03-01,LAMA,500,500,500,500,10\n' +
        '2021-03-02,LAMA,505,505,505,505,10\n2021-03-02,BARU,510,510,510,510,10\n',
    );
    await load(`${HEADER},previous_code\nBARU,Perusahaan Sintetis Tbk,Energi,Batu Bara,Utama,2010-01-04,1000,LAMA\n`);
    const prices = await h.db.select().from(dailyPrices).orderBy(asc(dailyPrices.date));
    expect(prices.map((r) => `${r.ticker} ${r.date} ${r.close}`)).toEqual([
      'BARU 2021-03-01 500',
      'BARU 2021-03-02 510',
    ]);
    expect(await h.db.select({ t: emiten.ticker }).from(emiten)).toEqual([{ t: 'BARU' }]);
  });
});
