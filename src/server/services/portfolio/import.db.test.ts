import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { createTestPortfolio, createTrade, seedMarket, TODAY } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import { readFileSync } from 'node:fs';
import { exportData } from '../accounts/settings';
import { deleteTransaction, exportTransactions, importTransactions, listTransactions } from '.';
import { knockOnCount } from './import';

const commit = { preview: false, today: TODAY };
const preview = { preview: true, today: TODAY };

const GOOD = `tanggal,kode,jenis,lembar,harga,biaya
2026-03-02,BBCA,beli,500,8950,6713
2026-03-02,BBRI,beli,1000,4000,
2026-05-20,BBCA,dividen,500,250,
2026-09-14,BBCA,jual,200,9500,4750
`;

describe('CSV import and export', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h.close());

  it('imports nothing from a file with an error, names the row, then imports the fixed file exactly once', async () => {
    const u = await createUser(h.db);
    const bad = GOOD.replace('2026-09-14,BBCA,jual,200,9500', '2026-09-14,BBCX,jual,200,9500');
    const refused = await importTransactions(h.db, u.id, bad, commit);
    expect(refused).toMatchObject({ ok: false, status: 400, imported: 0, errorCount: 1 });
    expect(refused.errors).toEqual([
      { line: 5, column: 'kode', message: 'Kode saham BBCX tidak dikenal.', row: '2026-09-14,BBCX,jual,200,9500,4750' },
    ]);
    expect((await listTransactions(h.db, u.id)).total).toBe(0);

    const checked = await importTransactions(h.db, u.id, GOOD, preview);
    expect(checked).toMatchObject({
      ok: true,
      preview: true,
      rows: 4,
      imported: 0,
      counts: { buy: 2, sell: 1, dividend: 1 },
    });
    expect(checked.sample[1]).toMatchObject({ line: 3, ticker: 'BBRI', fee: 6_000, feeComputed: true });
    expect((await listTransactions(h.db, u.id)).total).toBe(0);

    const done = await importTransactions(h.db, u.id, GOOD, commit);
    expect(done).toMatchObject({ ok: true, imported: 4, message: '4 transaksi diimpor ke Portofolio utama.' });
    const again = await importTransactions(h.db, u.id, GOOD.replaceAll('\n', '\r\n'), commit);
    expect(again).toMatchObject({ ok: true, alreadyImported: true, imported: 0 });
    expect(again.message).toMatch(
      /^Berkas ini sudah pernah diimpor ke Portofolio utama pada .*; tidak ada transaksi yang ditambahkan\.$/,
    );
    expect(await importTransactions(h.db, u.id, GOOD, preview)).toMatchObject({ alreadyImported: true });
    expect((await listTransactions(h.db, u.id)).total).toBe(4);
  });

  it('reads the English header, DD/MM/YYYY dates, Indonesian numbers and semicolons, keeping identical rows', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Inggris', { buyPct: '0,2' });
    const text =
      'Date;Ticker;Type;Shares;Price;Fee\n02/03/2026;bbri;BUY;1.000;4.000;\n02/03/2026;bbri;BUY;1.000;4.000;\n\n11/05/2026;BBRI;dividend;500;12,5;\n';
    const r = await importTransactions(h.db, u.id, text, { ...commit, portfolioId: p.id });
    expect(r).toMatchObject({ ok: true, imported: 3 });
    const list = await listTransactions(h.db, u.id, { portfolioId: p.id });
    expect(list.items.map((t) => [t.date, t.type, t.shares, t.price, t.fee])).toEqual([
      ['2026-05-11', 'dividend', 500, 12.5, 0],
      ['2026-03-02', 'buy', 1_000, 4_000, 8_000],
      ['2026-03-02', 'buy', 1_000, 4_000, 8_000],
    ]);
  });

  it('refuses a fee past the 64-bit column as a row error, importing nothing', async () => {
    const u = await createUser(h.db);
    const text = 'tanggal,kode,jenis,lembar,harga,biaya\n2026-03-02,BBCA,beli,100,8950,10000000000000000000\n';
    const r = await importTransactions(h.db, u.id, text, commit);
    expect(r).toMatchObject({ ok: false, status: 400 });
    expect(r.errors).toEqual([expect.objectContaining({ line: 2, column: 'biaya', message: 'Biaya terlalu besar.' })]);
  });

  it('names every bad row and column, and a bad header', async () => {
    const u = await createUser(h.db);
    const text =
      'tanggal,kode,jenis,lembar,harga,biaya\n2026-13-01,BBCA,beli,100,8950,\n2026-03-02,BBCA,tukar,0,8950,\n2026-03-02,BBCA,beli,100\n';
    const r = await importTransactions(h.db, u.id, text, commit);
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [4, undefined],
      [2, 'tanggal'],
      [3, 'jenis'],
      [3, 'lembar'],
      [4, 'harga'],
    ]);
    const header = await importTransactions(
      h.db,
      u.id,
      'tgl,kode,jenis,lembar,harga\n2026-03-02,BBCA,beli,100,8950\n',
      commit,
    );
    expect(header.errors.map((e) => e.message)).toEqual([
      'kolom "tgl" tidak dikenal',
      'kolom tanggal tidak ada; baris judul harus tanggal,kode,jenis,lembar,harga,biaya (biaya boleh tidak ada)',
    ]);
    expect((await listTransactions(h.db, u.id)).total).toBe(0);
  });

  it('lists a row error and a history error of the same file in one preview', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Dua kesalahan');
    const file =
      'tanggal,kode,jenis,lembar,harga\n2026-03-02,ZZZZ,beli,100,1000\n2026-04-01,BBRI,jual,100,4000\n2026-05-04,BBCA,beli,100,8950\n';
    const checked = await importTransactions(h.db, u.id, file, { ...preview, portfolioId: p.id });
    expect(checked).toMatchObject({ ok: false, status: 400, errorCount: 2 });
    expect(checked.message).toMatch(/^Ada 2 kesalahan;/);
    expect(checked.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'kode'],
      [3, 'lembar'],
    ]);
    expect(checked.errors[1]!.message).toContain('Jumlah jual 100 lembar BBRI melebihi saham yang Anda pegang');
  });

  it('refuses a sell beyond holdings inside the file, and a file that breaks an existing later sell', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id);
    const own = await importTransactions(
      h.db,
      u.id,
      'tanggal,kode,jenis,lembar,harga\n2026-03-02,BBCA,beli,100,8950\n2026-09-14,BBCA,jual,200,9500\n',
      { ...commit, portfolioId: p.id },
    );
    expect(own.errors).toEqual([
      {
        line: 3,
        column: 'lembar',
        message: 'Jumlah jual 200 lembar BBCA melebihi saham yang Anda pegang pada 14 September 2026 (100 lembar).',
        row: '2026-09-14,BBCA,jual,200,9500',
      },
    ]);
    await createTrade(h.db, u.id, p.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'buy',
      shares: '100',
      price: '8950',
    });
    await createTrade(h.db, u.id, p.id, {
      date: '2026-09-14',
      ticker: 'BBCA',
      type: 'sell',
      shares: '100',
      price: '9500',
    });
    const later = await importTransactions(
      h.db,
      u.id,
      'tanggal,kode,jenis,lembar,harga\n2026-06-01,BBCA,jual,50,9000\n',
      { ...commit, portfolioId: p.id },
    );
    expect(later.errors).toEqual([
      {
        line: null,
        message: expect.stringMatching(
          /^Impor ditolak karena penjualan BBCA 100 lembar pada 14 September 2026.* Ini akibat penjualan BBCA di baris 2\.$/,
        ),
      },
    ]);
    expect((await listTransactions(h.db, u.id, { portfolioId: p.id })).total).toBe(2);
  });

  it('quotes each faulty row, escaped and cut short, and names the row behind a knock-on error', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Akibat');
    const file = [
      'tanggal,kode,jenis,lembar,harga',
      '2026-03-02,BBCA,beli,100,8950',
      '2026-03-03,BBCA,beli,500,89\u202E50x',
      '2026-04-01,BBCA,jual,100,9000',
      '2026-05-04,BBCA,jual,300,9100',
      `2026-05-05,BBRI,beli,100,4000${' '.repeat(120)}`,
      '',
    ].join('\r\n');
    const checked = await importTransactions(h.db, u.id, file, { ...preview, portfolioId: p.id });
    expect(checked).toMatchObject({ ok: false, errorCount: 2 });
    const [price, sell] = checked.errors;
    // The refused row is quoted as written, the bidi override made visible.
    expect(price).toMatchObject({ line: 3, column: 'harga', row: '2026-03-03,BBCA,beli,500,89\\u{202E}50x' });
    // Row 5 sells more than is held only because row 3's buy was refused and row 4 sold first.
    expect(sell).toMatchObject({ line: 5, column: 'lembar', row: '2026-05-04,BBCA,jual,300,9100' });
    expect(sell!.message).toBe(
      'Jumlah jual 300 lembar BBCA melebihi saham yang Anda pegang pada 4 Mei 2026 (0 lembar). ' +
        'Ini akibat baris 3 yang ditolak (tidak ikut dihitung) dan penjualan BBCA di baris 4.',
    );
    // A long row (here with a column too many) is quoted cut at 80 characters.
    const long = await importTransactions(
      h.db,
      u.id,
      `tanggal,kode,jenis,lembar,harga\n2026-05-05,BBRI,beli,150,4000,${'x'.repeat(100)}\n`,
      { ...preview, portfolioId: p.id },
    );
    expect(long.errors[0]!.row).toBe(`2026-05-05,BBRI,beli,150,4000,${'x'.repeat(50)}…`);
  });

  it('blames only refused buys dated (in either format) on or before the sell, not dividends or unreadable rows', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Akibat tanggal');
    const file = [
      'tanggal,kode,jenis,lembar,harga',
      '2026-03-02,BBCA,beli,100,8950',
      '15/05/2026,BBCA,beli,500,89x', // refused, dated after the sell
      '2026-03-03,BBCA,dividen,100,2x', // refused dividend: adds no shares
      'kemarin,BBCA,beli,100,8950', // date unreadable: cannot be placed before the sell
      '2026-03-04,BBCA,belii,100,8950', // type unreadable
      '01/03/2026,bbca,beli,300,8x', // refused buy before the sell, DD/MM/YYYY
      '2026-04-01,BBCA,jual,300,9000',
      '',
    ].join('\n');
    const checked = await importTransactions(h.db, u.id, file, { ...preview, portfolioId: p.id });
    expect(checked.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(checked.errors.at(-1)!.message).toBe(
      'Jumlah jual 300 lembar BBCA melebihi saham yang Anda pegang pada 1 April 2026 (100 lembar). ' +
        'Ini akibat baris 7 yang ditolak (tidak ikut dihitung).',
    );
  });

  it('explains only the oversells that are listed, each from the same file read once', async () => {
    const u = await createUser(h.db);
    const p = await createTestPortfolio(h.db, u.id, 'Banyak akibat');
    // Refused buys and sells of one code, alternating: every sell oversells and each explanation
    // would otherwise scan every row of the file.
    const pairs = 3_000;
    const lines = ['tanggal,kode,jenis,lembar,harga'];
    for (let i = 0; i < pairs; i++) lines.push('2026-03-02,BBCA,beli,100,8x', '2026-04-01,BBCA,jual,100,9000');
    knockOnCount.computed = 0;
    const checked = await importTransactions(h.db, u.id, lines.join('\n') + '\n', { ...preview, portfolioId: p.id });
    expect(checked).toMatchObject({ ok: false, errorCount: 2 * pairs });
    expect(knockOnCount.computed).toBeLessThanOrEqual(200);
    expect(checked.errors).toHaveLength(200);
    const sells = checked.errors.filter((e) => e.column === 'lembar');
    expect(sells).toHaveLength(100);
    const because = (sold: string) =>
      'Jumlah jual 100 lembar BBCA melebihi saham yang Anda pegang pada 1 April 2026 (0 lembar). ' +
      `Ini akibat baris 2, 4, 6, … yang ditolak (tidak ikut dihitung)${sold}.`;
    expect(sells.slice(0, 5).map((e) => [e.line, e.message])).toEqual([
      [3, because('')],
      [5, because(' dan penjualan BBCA di baris 3')],
      [7, because(' dan penjualan BBCA di baris 3, 5')],
      [9, because(' dan penjualan BBCA di baris 3, 5, 7')],
      [11, because(' dan penjualan BBCA di baris 3, 5, 7, …')],
    ]);
    expect(sells.at(-1)!.message).toBe(because(' dan penjualan BBCA di baris 3, 5, 7, …'));
  });

  it('exports a portfolio in the import format, which imports back unchanged', async () => {
    const u = await createUser(h.db);
    const source = await createTestPortfolio(h.db, u.id, 'Sumber Dana #1', { buyPct: '0,1' });
    await importTransactions(h.db, u.id, GOOD, { ...commit, portfolioId: source.id });
    await createTrade(h.db, u.id, source.id, {
      date: '2026-03-02',
      ticker: 'BBCA',
      type: 'buy',
      shares: '1',
      price: '8953',
      fee: '0',
    });
    const exported = (await exportTransactions(h.db, u.id, source.id, TODAY))!;
    expect(exported.filename).toBe('telaah-transaksi-sumber-dana-1-2026-11-20.csv');
    expect(exported.csv).toBe(
      'tanggal,kode,jenis,lembar,harga,biaya\n2026-03-02,BBCA,beli,500,8950,6713\n2026-03-02,BBRI,beli,1000,4000,4000\n2026-03-02,BBCA,beli,1,8953,0\n2026-05-20,BBCA,dividen,500,250,\n2026-09-14,BBCA,jual,200,9500,4750\n',
    );
    const target = await createTestPortfolio(h.db, u.id, 'Tujuan');
    expect(await importTransactions(h.db, u.id, exported.csv, { ...commit, portfolioId: target.id })).toMatchObject({
      ok: true,
      imported: 5,
    });
    const rows = async (id: string) =>
      (await listTransactions(h.db, u.id, { portfolioId: id })).items.map(
        ({ date, ticker, type, shares, price, fee }) => ({ date, ticker, type, shares, price, fee }),
      );
    expect(await rows(target.id)).toEqual(await rows(source.id));
    expect(await exportTransactions(h.db, (await createUser(h.db)).id, source.id, TODAY)).toBeUndefined();
  });

  it('lets a file be imported again once every row it added is deleted', async () => {
    const u = await createUser(h.db);
    await importTransactions(h.db, u.id, 'tanggal,kode,jenis,lembar,harga\n2026-03-02,BBCA,beli,100,8950\n', commit);
    const [t] = (await listTransactions(h.db, u.id)).items;
    expect(await deleteTransaction(h.db, u.id, t!.id)).toMatchObject({ ok: true });
    expect(
      await importTransactions(h.db, u.id, 'tanggal,kode,jenis,lembar,harga\n2026-03-02,BBCA,beli,100,8950\n', commit),
    ).toMatchObject({ imported: 1 });
  });

  it('refuses another member’s portfolio', async () => {
    const owner = await createUser(h.db);
    const p = await createTestPortfolio(h.db, owner.id);
    const r = await importTransactions(h.db, (await createUser(h.db)).id, GOOD, { ...commit, portfolioId: p.id });
    expect(r).toMatchObject({ ok: false, status: 404, imported: 0 });
    expect((await listTransactions(h.db, owner.id)).total).toBe(0);
  });

  it('imports the example of the FAQ as written there, and includes it in "Unduh data saya"', async () => {
    const faq = readFileSync('content/starting-guide/faq.mdx', 'utf8');
    const example = /```\n(tanggal,kode,jenis,lembar,harga,biaya\n[\s\S]*?)```/.exec(faq)![1]!;
    const u = await createUser(h.db);
    expect(await importTransactions(h.db, u.id, example, commit)).toMatchObject({
      ok: true,
      imported: 3,
      warningCount: 0,
    });
    const data = (await exportData(h.db, u.id))!;
    expect(data.portfolios).toMatchObject([
      {
        name: 'Portofolio utama',
        transactions: [{ ticker: 'BBCA', type: 'buy', fee: 6_713 }, { type: 'dividend' }, { type: 'sell', fee: 4_750 }],
      },
    ]);
  });
});
