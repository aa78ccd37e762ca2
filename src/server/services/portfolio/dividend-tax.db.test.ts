/**
 * Dividend tax through the database: the member's choice per dividend (and who may set it), the
 * migration of the old 0 %/10 % setting, and the Coretax-ready yearly report of a fixture member read
 * back from CSV, XLSX and PDF with the same Rupiah in each.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { closeAt, createTestPortfolio, createTrade } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import { corporateActions, dailyPrices, emiten, portfolios } from '../../db/schema';
import { annualReportFor, dividendsReport, holdingPage, setDividendDecision, updatePortfolio } from '.';
import { annualCsv, annualPdf, annualXlsx } from './annual-files';

const TODAY = '2026-11-20';
const TLKM_KEY = 'ca:TLKM:2025-04-28';
const BBRI_KEY = 'ca:BBRI:2025-07-30';

describe('dividend tax from the database', () => {
  let h: DbHandle;
  let userId: string;
  let mainId: string;
  let fixedId: string;

  beforeAll(async () => {
    h = await createTestDb();
    const company = (ticker: string, name: string) => ({
      ticker,
      name,
      sector: 'Keuangan',
      subSector: 'Bank',
      board: 'Utama',
      listingDate: '2000-01-03',
      sharesOutstanding: 1_000_000_000,
    });
    await h.db
      .insert(emiten)
      .values([
        company('BBCA', 'PT Bank Central Asia Tbk'),
        company('BBRI', 'PT Bank Rakyat Indonesia (Persero) Tbk'),
        company('TLKM', 'PT Telkom Indonesia (Persero) Tbk'),
      ]);
    const close = (ticker: string, date: string, c: number) => closeAt(ticker, date, c, 1);
    await h.db
      .insert(dailyPrices)
      .values([
        close('TLKM', '2025-01-06', 3_000),
        close('BBRI', '2025-01-06', 4_000),
        close('BBCA', '2025-06-02', 10_000),
        close('TLKM', '2025-12-30', 3_100),
        close('BBRI', '2025-12-30', 4_100),
        close('BBCA', '2025-12-30', 9_900),
      ]);
    await h.db.insert(corporateActions).values([
      // Rp 100 × 10 000 shares = Rp 1.000.000 paid 20 May 2025.
      {
        ticker: 'TLKM',
        type: 'dividend',
        cumDate: '2025-04-28',
        exDate: '2025-04-29',
        recordingDate: '2025-04-30',
        paymentDate: '2025-05-20',
        amount: '100',
      },
      // Rp 50 × 2 000 shares = Rp 100.000 paid 20 August 2025.
      {
        ticker: 'BBRI',
        type: 'dividend',
        cumDate: '2025-07-30',
        exDate: '2025-07-31',
        recordingDate: '2025-08-01',
        paymentDate: '2025-08-20',
        amount: '50',
      },
    ]);
    userId = (await createUser(h.db)).id;
    mainId = (await createTestPortfolio(h.db, userId, 'Utama')).id;
    fixedId = (await createTestPortfolio(h.db, userId, 'Asing', { dividendTax: '10' })).id;
    const trade = (pid: string, date: string, ticker: string, type: string, shares: string, price: string) =>
      createTrade(h.db, userId, pid, { date, ticker, type, shares, price, fee: '0' });
    await trade(mainId, '2025-01-06', 'TLKM', 'buy', '10000', '3000');
    await trade(mainId, '2025-01-06', 'BBRI', 'buy', '2000', '4000');
    await trade(mainId, '2025-06-02', 'BBCA', 'buy', '60', '10000'); // covers Rp 600.000 of the TLKM dividend
    await trade(fixedId, '2025-01-06', 'TLKM', 'buy', '1000', '3000');
    await createTrade(h.db, userId, mainId, {
      date: '2025-10-01',
      ticker: 'TLKM',
      type: 'sell',
      shares: '500',
      price: '3500',
      fee: '4375',
    });
  });
  afterAll(() => h.close());

  it('receives dividends gross in a portfolio taxed by date and withholds in a fixed one', async () => {
    const view = (await dividendsReport(h.db, userId, { asOf: TODAY }))!;
    const got = view.receivedRecords.map((r) => [r.portfolioName, r.ticker, r.treatment, r.gross, r.tax, r.net]);
    expect(got.sort()).toEqual([
      ['Asing', 'TLKM', 'fixed', 100_000, 10_000, 90_000],
      ['Utama', 'BBRI', 'gross', 100_000, 0, 100_000],
      ['Utama', 'TLKM', 'gross', 1_000_000, 0, 1_000_000],
    ]);
    const tlkm = view.receivedRecords.find((r) => r.key === TLKM_KEY && r.portfolioId === mainId)!;
    expect(tlkm.taxDetail).toMatchObject({ choice: 'undecided', due: 100_000, selfPayDeadline: '2025-06-15' });
  });

  it('refuses bad input and other members, naming the field', async () => {
    const base = { portfolioId: mainId, dividendKey: TLKM_KEY };
    expect(await setDividendDecision(h.db, userId, { ...base, choice: 'maybe' }, TODAY)).toMatchObject({
      ok: false,
      status: 400,
      fields: { choice: expect.any(String) },
    });
    for (const paidDate of ['', '2025-05-19', '2026-11-21', '2025-02-30']) {
      expect(await setDividendDecision(h.db, userId, { ...base, choice: 'self_paid', paidDate }, TODAY)).toMatchObject({
        ok: false,
        status: 400,
        fields: { paidDate: expect.any(String) },
      });
    }
    expect(
      await setDividendDecision(
        h.db,
        userId,
        { ...base, dividendKey: 'ca:TLKM:2024-01-01', choice: 'reinvested' },
        TODAY,
      ),
    ).toMatchObject({ ok: false, status: 404 });
    // A fixed-rate portfolio's dividend is not received gross: nothing to decide.
    expect(
      await setDividendDecision(
        h.db,
        userId,
        { portfolioId: fixedId, dividendKey: TLKM_KEY, choice: 'reinvested' },
        TODAY,
      ),
    ).toMatchObject({ ok: false, status: 404 });
    const other = await createUser(h.db);
    expect(await setDividendDecision(h.db, other.id, { ...base, choice: 'reinvested' }, TODAY)).toMatchObject({
      ok: false,
      status: 404,
    });
    const theirs = await createTestPortfolio(h.db, other.id, 'Lain');
    expect(
      await setDividendDecision(
        h.db,
        other.id,
        { portfolioId: theirs.id, dividendKey: TLKM_KEY, choice: 'reinvested' },
        TODAY,
      ),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      (await dividendsReport(h.db, userId, { asOf: TODAY }))!.receivedRecords.find(
        (r) => r.key === TLKM_KEY && r.portfolioId === mainId,
      )!.taxDetail!.choice,
    ).toBe('undecided');
  });

  it('records the choices and shows them at once in the reports', async () => {
    expect(
      await setDividendDecision(
        h.db,
        userId,
        { portfolioId: mainId, dividendKey: TLKM_KEY, choice: 'reinvested' },
        TODAY,
      ),
    ).toMatchObject({ ok: true, ticker: 'TLKM', choice: 'reinvested' });
    expect(
      await setDividendDecision(
        h.db,
        userId,
        { portfolioId: mainId, dividendKey: BBRI_KEY, choice: 'self_paid', paidDate: '2025-09-10' },
        TODAY,
      ),
    ).toMatchObject({ ok: true });
    const view = (await dividendsReport(h.db, userId, { asOf: TODAY, portfolioId: mainId }))!;
    const byKey = new Map(view.receivedRecords.map((r) => [r.key, r]));
    expect(byKey.get(TLKM_KEY)!.taxDetail).toMatchObject({ choice: 'reinvested', covered: 600_000, due: 40_000 });
    expect(byKey.get(BBRI_KEY)).toMatchObject({ tax: 10_000, net: 90_000 });
    expect(view.received).toEqual({ gross: 1_100_000, tax: 10_000, net: 1_090_000 });
  });

  it('flags the dividend on the holding page of the covering stock once it is sold within the term', async () => {
    expect((await holdingPage(h.db, userId, 'BBCA', { asOf: TODAY }))!.taxFlags).toEqual([]);
    await createTrade(h.db, userId, mainId, {
      date: '2026-02-02',
      ticker: 'BBCA',
      type: 'sell',
      shares: '60',
      price: '10000',
      fee: '0',
    });
    const page = (await holdingPage(h.db, userId, 'BBCA', { asOf: TODAY }))!;
    expect(page.taxFlags.map((r) => [r.ticker, r.paymentDate, r.taxDetail!.holdUntil])).toEqual([
      ['TLKM', '2025-05-20', '2027-12-31'],
    ]);
    const tlkmPage = (await holdingPage(h.db, userId, 'TLKM', { asOf: TODAY, portfolioId: mainId }))!;
    expect(tlkmPage.dividends.records.find((r) => r.key === TLKM_KEY)!.taxDetail).toMatchObject({ flagged: true });
  });

  describe('the 2025 yearly report, equal in every file', () => {
    let report: Awaited<ReturnType<typeof annualReportFor>>;
    beforeAll(async () => {
      report = await annualReportFor(h.db, userId, 2025);
    });

    it('lists cost and 31 December value, taxed and exempt dividends, sales and the realisation list', () => {
      expect(report.holdings.map((x) => [x.ticker, x.shares, x.cost, x.marketValue])).toEqual([
        ['BBCA', 60, 600_000, 594_000],
        ['BBRI', 2_000, 8_000_000, 8_200_000],
        ['TLKM', 10_500, 31_500_000, 32_550_000],
      ]);
      expect(report.dividends.map((d) => [d.paymentDate, d.ticker, d.gross, d.tax, d.way, d.taxDate]).sort()).toEqual([
        ['2025-05-20', 'TLKM', 100_000, 10_000, 'fixed', null],
        ['2025-05-20', 'TLKM', 400_000, 40_000, 'due', '2025-06-15'],
        ['2025-08-20', 'BBRI', 100_000, 10_000, 'self_paid', '2025-09-10'],
      ]);
      expect(report.totals.dividends).toEqual({ gross: 600_000, tax: 60_000, net: 540_000 });
      expect(report.exemptDividends).toEqual([
        expect.objectContaining({ ticker: 'TLKM', exempt: 600_000, investDeadline: '2026-03-31', flagged: true }),
      ]);
      expect(report.sales).toEqual([expect.objectContaining({ ticker: 'TLKM', gross: 1_750_000, finalTax: 1_750 })]);
      expect(report.realisation).toEqual([
        expect.objectContaining({
          ticker: 'TLKM',
          dividend: 1_000_000,
          investmentTicker: 'BBCA',
          investmentDate: '2025-06-02',
          amount: 600_000,
          holdUntil: '2027-12-31',
        }),
      ]);
    });

    it('writes the same Rupiah to CSV', () => {
      const rows = Papa.parse<string[]>(annualCsv(report).trim()).data;
      const section = (title: string) => {
        const at = rows.findIndex((r) => r[0]?.startsWith(title));
        const end = rows.findIndex((r, i) => i > at && r.length === 1 && r[0] === '');
        return rows.slice(at + 1, end);
      };
      const harta = section('Harta');
      expect(harta[0]).toEqual([
        'Kode',
        'Nama',
        'Lembar',
        'Harga rata-rata',
        'Harga perolehan (isi di Coretax)',
        'Harga penutupan',
        'Nilai saat ini 31 Desember (isi di Coretax)',
      ]);
      expect(harta.slice(1).map((r) => [r[0], r[4], r[6]])).toEqual([
        ['BBCA', '600000', '594000'],
        ['BBRI', '8000000', '8200000'],
        ['TLKM', '31500000', '32550000'],
        ['Jumlah', '40100000', '41344000'],
      ]);
      const taxed = section('Dividen tunai 2025 yang dikenai').map((r) => [r[1], r[4], r[5], r[6], r[7]]);
      expect(taxed[0]).toEqual(['Kode', 'Bruto dikenai PPh', 'PPh final 10 %', 'Pelunasan PPh', 'Neto']);
      expect(taxed.slice(1, -1).sort()).toEqual([
        ['BBRI', '100000', '10000', 'Disetor sendiri 10 September 2025', '90000'],
        ['TLKM', '100000', '10000', 'Tarif tetap portofolio', '90000'],
        ['TLKM', '400000', '40000', 'Belum disetor; jatuh tempo 15 Juni 2025', '360000'],
      ]);
      expect(taxed.at(-1)).toEqual(['', '600000', '60000', '', '540000']);
      expect(section('Dividen tunai 2025 yang dikecualikan').slice(1, 2)).toEqual([
        ['2025-05-20', 'TLKM', '600000', '2026-03-31', '2027-12-31', expect.stringContaining('berisiko gugur')],
      ]);
      expect(
        section('Penjualan')
          .slice(1, 2)
          .map((r) => [r[1], r[3], r[4]]),
      ).toEqual([['TLKM', '1750000', '1750']]);
      expect(
        section('Realisasi')
          .slice(1, 2)
          .map((r) => r.slice(0, 8)),
      ).toEqual([['TLKM', '2025-05-20', '1000000', 'Saham BBCA', '2025-06-02', '60', '600000', '2027-12-31']]);
    });

    it('writes the same Rupiah to XLSX', async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await annualXlsx(report)) as unknown as ExcelJS.Buffer);
      const row = (sheet: string, n: number, cols: number[]) =>
        cols.map((c) => wb.getWorksheet(sheet)!.getRow(n).getCell(c).value);
      expect(row('Harta', 3, [1, 5, 7])).toEqual(['BBCA', 600_000, 594_000]);
      const dividends = [3, 4, 5].map((n) => row('Dividen', n, [2, 5, 6, 7]));
      expect(dividends).toContainEqual(['TLKM', 400_000, 40_000, 'Belum disetor; jatuh tempo 15 Juni 2025']);
      expect(dividends).toContainEqual(['BBRI', 100_000, 10_000, 'Disetor sendiri 10 September 2025']);
      expect(row('Dividen', 6, [5, 6, 8])).toEqual([600_000, 60_000, 540_000]);
      expect(row('Dividen dikecualikan', 3, [2, 3])).toEqual(['TLKM', 600_000]);
      expect(row('Dividen dikecualikan', 3, [5])).toEqual([new Date('2027-12-31T00:00:00Z')]);
      expect(row('Penjualan', 3, [4, 5])).toEqual([1_750_000, 1_750]);
      expect(row('Realisasi investasi', 3, [1, 3, 4, 7])).toEqual(['TLKM', 1_000_000, 'Saham BBCA', 600_000]);
    });

    it('writes the same Rupiah to the PDF, with the tax described as it is', async () => {
      const pdf = await getDocumentProxy(new Uint8Array(await annualPdf(report, new Date('2026-01-05T03:00:00Z'))));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toMatch(/Harga\s+perolehan\s+\(isi\s+di\s+Coretax\)[\s\S]*Nilai\s+saat\s+ini\s+31\s+Desember/);
      expect(text).toMatch(/BBCA[\s\S]*600\.000[\s\S]*594\.000/);
      expect(text).toMatch(/400\.000[\s\S]*40\.000[\s\S]*Belum disetor/);
      expect(text).toMatch(/dikecualikan karena diinvestasikan kembali[\s\S]*TLKM[\s\S]*600\.000/);
      expect(text).toMatch(/Realisasi investasi dividen[\s\S]*1\.000\.000\s+Saham\s+BBCA[\s\S]*600\.000/);
      expect(text).toMatch(/1\.750\.000[\s\S]*1\.750/);
      expect(text).not.toContain('hanya sebagai keterangan');
    });
  });

  it('switches a portfolio between the rules by date and a fixed rate', async () => {
    expect(await updatePortfolio(h.db, userId, mainId, { dividendTax: 'lain' })).toMatchObject({
      ok: false,
      status: 400,
      fields: { dividendTax: expect.any(String) },
    });
    const r = await updatePortfolio(h.db, userId, mainId, { dividendTax: '0' });
    expect(r).toMatchObject({ ok: true, portfolio: { settings: { dividendTaxRule: 'fixed', dividendTaxPct: 0 } } });
    const back = await updatePortfolio(h.db, userId, mainId, { dividendTax: 'menurut-tanggal' });
    expect(back).toMatchObject({ ok: true, portfolio: { settings: { dividendTaxRule: 'by_date' } } });
  });

  it('migrates an explicit 0 % to a fixed rate and the default 10 % to the rules by date', async () => {
    const u = await createUser(h.db);
    const zero = await createTestPortfolio(h.db, u.id, 'Nol');
    const ten = await createTestPortfolio(h.db, u.id, 'Sepuluh');
    // As the rows stood before the migration: the old 0 %/10 % setting, the new column at its default.
    await h.db
      .update(portfolios)
      .set({ dividendTaxPct: 0, dividendTaxRule: 'by_date' })
      .where(eq(portfolios.id, zero.id));
    // The migration that added the rule (its number depends on the order branches landed in).
    const name = readdirSync(path.resolve('drizzle')).find((f) => /^\d{4}_(feat-)?tax-rules\.sql$/.test(f))!;
    const file = readFileSync(path.resolve('drizzle', name), 'utf8');
    const dataStatement = file.slice(file.lastIndexOf('UPDATE "portfolios"'));
    await h.db.execute(sql.raw(dataStatement));
    const rows = await h.db.select().from(portfolios).where(eq(portfolios.userId, u.id));
    const rule = new Map(rows.map((p) => [p.id, [p.dividendTaxRule, p.dividendTaxPct]]));
    expect(rule.get(zero.id)).toEqual(['fixed', 0]);
    expect(rule.get(ten.id)).toEqual(['by_date', 10]);
  });
});
