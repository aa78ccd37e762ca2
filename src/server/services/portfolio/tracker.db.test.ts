/**
 * The BBCA case through the database: realised table, holding page and the annual report in all
 * three file formats, each read back and compared with the engine's figures.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { createUser } from '../../../../tests/factories/users';
import { closeAt, createTestPortfolio, createTrade, seedMarket, TODAY } from '../../../../tests/factories/portfolio';
import type { DbHandle } from '../../db/client';
import { dailyPrices } from '../../db/schema';
import { annualReportFor, holdingPage, realisedReport, reportYears } from '.';
import { annualCsv, annualPdf, annualXlsx } from './annual-files';

describe('tracker reports from the database', () => {
  let h: DbHandle;
  let userId: string;
  let portfolioId: string;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
    const close = (date: string, c: number) => closeAt('BBCA', date, c, 1);
    await h.db
      .insert(dailyPrices)
      .values([
        close('2025-02-03', 9_000),
        close('2025-03-03', 9_500),
        close('2025-06-02', 10_000),
        close('2025-12-30', 9_800),
      ]);
    userId = (await createUser(h.db)).id;
    portfolioId = (await createTestPortfolio(h.db, userId, 'Utama')).id;
    const trade = (date: string, type: string, price: string, fee: string) =>
      createTrade(h.db, userId, portfolioId, { date, ticker: 'BBCA', type, shares: '100', price, fee });
    await trade('2025-02-03', 'buy', '9000', '1400');
    await trade('2025-03-03', 'buy', '9500', '1600');
    await trade('2025-06-02', 'sell', '10000', '2500');
  });
  afterAll(() => h.close());

  it('lists the sale with its realised gain, cost removed and holding period', async () => {
    const view = (await realisedReport(h.db, userId, { asOf: TODAY, year: 2025 }))!;
    expect(view.sales).toHaveLength(1);
    expect(view.sales[0]).toMatchObject({
      ticker: 'BBCA',
      proceeds: 997_500,
      costRemoved: 926_500,
      realised: 71_000,
      holdingDays: 119,
      portfolioName: 'Utama',
    });
    expect(view.byYear).toEqual([{ year: 2025, sells: 1, proceeds: 997_500, costRemoved: 926_500, realised: 71_000 }]);
    expect((await realisedReport(h.db, userId, { asOf: TODAY, year: 2024 }))!.sales).toEqual([]);
  });

  it('shows the holding with 100 shares at 9 265 and a break-even of 9 300', async () => {
    const page = (await holdingPage(h.db, userId, 'BBCA', { asOf: TODAY }))!;
    expect(page.holding).toMatchObject({ shares: 100, averagePrice: 9_265, remainingCost: 926_500 });
    expect(page.positions).toEqual([expect.objectContaining({ sellBps: 25, breakEven: 9_300 })]);
    expect(page.realised.total).toBe(71_000);
    expect(page.transactions.map((t) => t.type)).toEqual(['sell', 'buy', 'buy']);
    expect(page.history.map((s) => [s.date, s.shares, s.cost])).toEqual([
      ['2025-02-03', 100, 901_400],
      ['2025-03-03', 200, 1_853_000],
      ['2025-06-02', 100, 926_500],
      [TODAY, 100, 926_500],
    ]);
  });

  it("answers nothing for a ticker never held or another member's portfolio", async () => {
    expect(await holdingPage(h.db, userId, 'BBRI', { asOf: TODAY })).toBeUndefined();
    const other = await createUser(h.db);
    expect(await holdingPage(h.db, other.id, 'BBCA', { asOf: TODAY })).toBeUndefined();
    expect(await holdingPage(h.db, userId, 'BBCA', { asOf: TODAY, portfolioId: other.id })).toBeUndefined();
    const theirs = await createTestPortfolio(h.db, other.id, 'Lain');
    expect(await realisedReport(h.db, userId, { asOf: TODAY, portfolioId: theirs.id })).toBeUndefined();
  });

  it('offers the years from the first trade to last year', async () => {
    expect(await reportYears(h.db, userId, TODAY)).toEqual([2025]);
  });

  describe('the 2025 annual report', () => {
    let report: Awaited<ReturnType<typeof annualReportFor>>;
    beforeAll(async () => {
      report = await annualReportFor(h.db, userId, 2025);
    });

    it('holds the engine figures', () => {
      expect(report.holdings).toEqual([
        expect.objectContaining({ ticker: 'BBCA', shares: 100, cost: 926_500, lastClose: 9_800, marketValue: 980_000 }),
      ]);
      expect(report.sales).toEqual([
        expect.objectContaining({
          gross: 1_000_000,
          finalTax: 1_000,
          fee: 2_500,
          costRemoved: 926_500,
          realised: 71_000,
        }),
      ]);
    });

    it('writes the same figures to CSV', () => {
      const rows = Papa.parse<string[]>(annualCsv(report).trim()).data;
      const after = (title: string) => rows[rows.findIndex((r) => r[0]?.startsWith(title)) + 2]!;
      expect(after('Harta')).toEqual(['BBCA', 'PT Bank Central Asia Tbk', '100', '9265', '926500', '9800', '980000']);
      expect(after('Penjualan')).toEqual([
        '2025-06-02',
        'BBCA',
        '100',
        '1000000',
        '1000',
        '2500',
        '997500',
        '926500',
        '71000',
      ]);
    });

    it('writes number cells to XLSX', async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await annualXlsx(report)) as unknown as ExcelJS.Buffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        'Harta',
        'Dividen',
        'Dividen dikecualikan',
        'Penjualan',
        'Realisasi investasi',
        'Keterangan',
      ]);
      const harta = wb.getWorksheet('Harta')!.getRow(3);
      expect([harta.getCell(1).value, harta.getCell(3).value, harta.getCell(5).value, harta.getCell(7).value]).toEqual([
        'BBCA',
        100,
        926_500,
        980_000,
      ]);
      const sale = wb.getWorksheet('Penjualan')!.getRow(3);
      expect(sale.getCell(1).value).toEqual(new Date('2025-06-02T00:00:00Z'));
      expect([4, 5, 8, 9].map((c) => sale.getCell(c).value)).toEqual([1_000_000, 1_000, 926_500, 71_000]);
    });

    it('writes CSV for a spreadsheet in Indonesian settings: semicolons and two-decimal prices with a comma', () => {
      const csv = annualCsv({ ...report, holdings: [{ ...report.holdings[0]!, averagePrice: 5485.2265217391305 }] });
      expect(csv).toContain('BBCA;PT Bank Central Asia Tbk;100;5485,23;926500;9800;980000');
      expect(csv).not.toContain('5485.2265');
    });

    it('gives XLSX prices two decimals, never a bare separator', async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await annualXlsx(report)) as unknown as ExcelJS.Buffer);
      expect(wb.getWorksheet('Harta')!.getRow(3).getCell(4).numFmt).toBe('#,##0.00');
    });

    it('names the member and the portfolios in the PDF', async () => {
      const bytes = await annualPdf(report, new Date('2026-01-05T03:00:00Z'), {
        name: 'Sari Wulandari',
        email: 'sari@contoh.test',
      });
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      expect(text).toContain('Untuk Sari Wulandari (sari@contoh.test).');
      expect(report.portfolioNames!.length).toBeGreaterThan(0);
      expect(text).toContain(`Portofolio: ${report.portfolioNames!.join(', ')}.`);
    });

    it('writes readable text to the PDF', async () => {
      const pdf = await getDocumentProxy(new Uint8Array(await annualPdf(report, new Date('2026-01-05T03:00:00Z'))));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain('Laporan tahunan portofolio untuk SPT 2025');
      expect(text).toMatch(/BBCA[\s\S]*926\.500[\s\S]*980\.000/);
      expect(text).toMatch(/1\.000\.000[\s\S]*1\.000[\s\S]*2\.500[\s\S]*997\.500[\s\S]*926\.500[\s\S]*71\.000/);
      expect(text).toContain('bukan nasihat perpajakan');
    });
  });
});
