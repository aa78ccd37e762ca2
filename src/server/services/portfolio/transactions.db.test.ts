import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket, TODAY } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import {
  addTransaction,
  createPortfolio,
  deleteTransaction,
  ensurePortfolio,
  getTransaction,
  listPortfolios,
  listTransactions,
  updatePortfolio,
  updateTransaction,
} from '.';

const opts = { today: TODAY };

describe('portfolio transactions', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h.close());

  it('creates the default portfolio once and keeps settings per portfolio', async () => {
    const u = await createUser(h.db);
    const [a, b] = await Promise.all([ensurePortfolio(h.db, u.id), ensurePortfolio(h.db, u.id)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({
      name: 'Portofolio utama',
      settings: { buyBps: 15, sellBps: 25, dividendTaxPct: 10, feesInAverage: true },
    });
    const created = await createPortfolio(h.db, u.id, {
      name: 'Dividen',
      buyPct: '0,19',
      sellPct: '0.29',
      dividendTaxPct: '0',
    });
    expect(created).toMatchObject({
      ok: true,
      portfolio: { settings: { buyBps: 19, sellBps: 29, dividendTaxPct: 0 } },
    });
    expect(await createPortfolio(h.db, u.id, { name: ' Dividen ' })).toMatchObject({
      ok: false,
      status: 400,
      fields: { name: expect.stringContaining('sudah punya') },
    });
    expect(await createPortfolio(h.db, u.id, { name: 'X', buyPct: '0,155' })).toMatchObject({
      ok: false,
      fields: { buyPct: expect.any(String) },
    });
    expect(await createPortfolio(h.db, u.id, { name: 'X', dividendTaxPct: '5' })).toMatchObject({
      ok: false,
      fields: { dividendTaxPct: expect.any(String) },
    });
    expect((await listPortfolios(h.db, u.id)).map((p) => p.name)).toEqual(['Portofolio utama', 'Dividen']);
  });

  it('records lots, computes the fee from the portfolio rates, and warns off the price grid', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Utama', { buyPct: '0,15' });
    const r = await addTransaction(
      h.db,
      u.id,
      p.id,
      { date: '2026-03-02', ticker: 'bbca', type: 'beli', quantity: '5', unit: 'lot', price: '8.950' },
      opts,
    );
    // 500 × 8 950 = 4 475 000; 0,15 % = 6 712,5 → 6 713.
    expect(r).toMatchObject({
      ok: true,
      warnings: [],
      transaction: { ticker: 'BBCA', type: 'buy', shares: 500, price: 8_950, fee: 6_713, value: 4_475_000 },
    });
    const off = await addTransaction(
      h.db,
      u.id,
      p.id,
      { date: '02/03/2026', ticker: 'BBCA', type: 'buy', shares: 100, price: 8_953, fee: '10' },
      opts,
    );
    expect(off).toMatchObject({ ok: true, transaction: { fee: 10 } });
    expect(off.ok && off.warnings[0]).toContain('di luar fraksi harga BEI pada 2 Maret 2026 (kelipatan Rp 25)');
  });

  it('refuses bad fields, future dates, dates before listing and unknown tickers, naming the field', async () => {
    const u = await createUser(h.db);
    const base = { date: '2026-03-02', ticker: 'BBCA', type: 'buy', shares: '100', price: '8950' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '2026-11-21' }, 'date', 'di masa depan'],
      [{ ticker: 'GOTO', date: '2022-04-08', price: '300' }, 'date', 'baru tercatat di bursa pada 11 April 2022'],
      [{ ticker: 'ZZZZ' }, 'ticker', 'tidak dikenal'],
      [{ ticker: 'BCA' }, 'ticker', 'harus 4 huruf'],
      [{ shares: '10,5' }, 'shares', 'bilangan bulat'],
      [{ price: '0' }, 'price', 'lebih dari 0'],
      [{ price: 'abc' }, 'price', 'bukan angka'],
      [{ type: 'hibah' }, 'type', 'tidak dikenal'],
      [{ fee: '12,5' }, 'fee', 'Rupiah bulat'],
      // Past the 64-bit fee column: refused as input, never a database error.
      [{ fee: '10000000000000000000' }, 'fee', 'terlalu besar'],
      [{ fee: 1e19 }, 'fee', 'terlalu besar'],
      [{ date: '31/02/2026' }, 'date', 'tidak valid'],
    ];
    for (const [change, field, text] of cases) {
      const r = await addTransaction(h.db, u.id, null, { ...base, ...change }, opts);
      expect(r, JSON.stringify(change)).toMatchObject({
        ok: false,
        status: 400,
        fields: { [field]: expect.stringContaining(text) },
      });
    }
    expect((await listTransactions(h.db, u.id)).total).toBe(0);
  });

  it('refuses a sell beyond holdings, and edits or deletes that would break a later sell, naming that sell', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    const buy = await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'buy',
      shares: '500',
      price: '8950',
    });
    const sell = await createTrade(h.db, u.id, p.id, {
      date: '2026-09-14',
      ticker: 'BBCA',
      type: 'sell',
      shares: '400',
      price: '9500',
    });
    expect(sell.fee).toBe(9_500); // 3 800 000 × 0,25 %
    const over = await addTransaction(
      h.db,
      u.id,
      p.id,
      { date: '2026-09-15', ticker: 'BBCA', type: 'jual', shares: '200', price: '9500' },
      opts,
    );
    expect(over).toMatchObject({
      ok: false,
      status: 409,
      fields: {
        quantity: 'Jumlah jual 200 lembar BBCA melebihi saham yang Anda pegang pada 15 September 2026 (100 lembar).',
      },
    });
    const earlierSell = await addTransaction(
      h.db,
      u.id,
      p.id,
      { date: '2026-06-01', ticker: 'BBCA', type: 'sell', shares: '200', price: '9000' },
      opts,
    );
    expect(earlierSell).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining('penjualan BBCA 400 lembar pada 14 September 2026'),
    });
    const edit = await updateTransaction(h.db, u.id, buy.id, { shares: '300' }, opts);
    expect(edit).toMatchObject({
      ok: false,
      status: 409,
      message:
        'Perubahan ini ditolak karena penjualan BBCA 400 lembar pada 14 September 2026 akan melebihi saham yang dipegang saat itu (300 lembar). Ubah atau hapus penjualan itu lebih dulu.',
    });
    const del = await deleteTransaction(h.db, u.id, buy.id);
    expect(del).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(
        /^Transaksi ini tidak bisa dihapus karena penjualan BBCA 400 lembar pada 14 September 2026/,
      ),
    });
    expect((await getTransaction(h.db, u.id, buy.id))?.shares).toBe(500);
    expect(await deleteTransaction(h.db, u.id, sell.id)).toMatchObject({ ok: true });
    expect(await deleteTransaction(h.db, u.id, buy.id)).toMatchObject({ ok: true });
    expect((await listTransactions(h.db, u.id)).total).toBe(0);
  });

  it('recomputes a computed fee on edit and keeps a fee entered by hand', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    const auto = await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBRI',
      type: 'buy',
      shares: '1000',
      price: '4000',
    });
    expect(auto.fee).toBe(6_000);
    expect(await updateTransaction(h.db, u.id, auto.id, { quantity: '20', unit: 'lot' }, opts)).toMatchObject({
      ok: true,
      transaction: { shares: 2_000, fee: 12_000 },
    });
    const manual = await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBRI',
      type: 'buy',
      shares: '1000',
      price: '4000',
      fee: '5000',
    });
    expect(await updateTransaction(h.db, u.id, manual.id, { price: '4010' }, opts)).toMatchObject({
      ok: true,
      transaction: { price: 4_010, fee: 5_000 },
    });
    expect(await updateTransaction(h.db, u.id, manual.id, { fee: '' }, opts)).toMatchObject({
      ok: true,
      transaction: { fee: 6_015 },
    });
    const elsewhere = await createTestPortfolio(h.db, u.id, 'Lain');
    expect(await updateTransaction(h.db, u.id, manual.id, { portfolioId: elsewhere.id }, opts)).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('refuses a manual dividend the corporate-action data already pays, and accepts one it does not know', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBRI',
      type: 'buy',
      shares: '1000',
      price: '4000',
    });
    const dup = await addTransaction(
      h.db,
      u.id,
      p.id,
      { date: '2026-05-08', ticker: 'BBRI', type: 'dividen', shares: '1000', price: '208,4' },
      opts,
    );
    expect(dup).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining('sudah tercatat otomatis dari data aksi korporasi'),
    });
    const other = await addTransaction(
      h.db,
      u.id,
      p.id,
      { date: '2026-05-09', ticker: 'BBRI', type: 'dividen', shares: '1000', price: '10' },
      opts,
    );
    expect(other).toMatchObject({ ok: true, transaction: { type: 'dividend', fee: 0, value: 10_000 } });
    expect(
      await addTransaction(
        h.db,
        u.id,
        p.id,
        { date: '2026-05-09', ticker: 'BBRI', type: 'dividen', shares: '1000', price: '10', fee: '5' },
        opts,
      ),
    ).toMatchObject({ ok: false, fields: { fee: expect.any(String) } });
  });

  it('never shows or changes another member’s portfolio or transactions', async () => {
    const owner = await createUser(h.db);
    const other = await createUser(h.db);
    const p = await createTestPortfolio(h.db, owner.id);
    const t = await createTrade(h.db, owner.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'buy',
      shares: '100',
      price: '8950',
    });
    expect(await getTransaction(h.db, other.id, t.id)).toBeUndefined();
    expect(await updateTransaction(h.db, other.id, t.id, { shares: '1' }, opts)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await deleteTransaction(h.db, other.id, t.id)).toMatchObject({ ok: false, status: 404 });
    expect(
      await addTransaction(
        h.db,
        other.id,
        p.id,
        { date: '2026-03-02', ticker: 'BBCA', type: 'buy', shares: '1', price: '8950' },
        opts,
      ),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await updatePortfolio(h.db, other.id, p.id, { name: 'Milik saya' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await listTransactions(h.db, other.id, { portfolioId: p.id })).total).toBe(0);
    expect(await getTransaction(h.db, other.id, 'not-a-uuid')).toBeUndefined();
    expect((await getTransaction(h.db, owner.id, t.id))?.shares).toBe(100);
  });

  it('lists newest first with pages', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) {
      await createTrade(h.db, u.id, p.id, { date, ticker: 'BBCA', type: 'buy', shares: '100', price: '8950' });
    }
    const page = await listTransactions(h.db, u.id, { pageSize: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(page.items.map((t) => [t.date, t.portfolioName])).toEqual([['2026-03-02', 'Uji']]);
  });

  it("filters the list by stock code and by type, only within the member's own transactions", async () => {
    const u = await createUser(h.db);
    const other = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    const q = await createTestPortfolio(h.db, other.id);
    await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'buy',
      shares: '200',
      price: '8950',
    });
    await createTrade(h.db, u.id, p.id, {
      date: '2026-03-03',
      ticker: 'BBCA',
      type: 'sell',
      shares: '100',
      price: '9000',
    });
    await createTrade(h.db, u.id, p.id, {
      date: '2026-03-04',
      ticker: 'BBRI',
      type: 'buy',
      shares: '100',
      price: '4000',
    });
    await createTrade(h.db, other.id, q.id, {
      date: '2026-03-04',
      ticker: 'BBCA',
      type: 'buy',
      shares: '100',
      price: '8950',
    });
    const codes = async (opts: Parameters<typeof listTransactions>[2]) =>
      (await listTransactions(h.db, u.id, opts)).items.map((t) => [t.ticker, t.type]);
    expect(await codes({ ticker: 'BBCA' })).toEqual([
      ['BBCA', 'sell'],
      ['BBCA', 'buy'],
    ]);
    expect(await codes({ type: 'buy' })).toEqual([
      ['BBRI', 'buy'],
      ['BBCA', 'buy'],
    ]);
    expect(await codes({ ticker: 'BBCA', type: 'sell' })).toEqual([['BBCA', 'sell']]);
    expect((await listTransactions(h.db, u.id, { ticker: 'BBCA' })).total).toBe(2);
  });
});
