/**
 * The demo member's report for the last full year, in every format, read back and compared figure by
 * figure with the engine's own report for that year.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import { annualReport, yearEnd } from '../../../domain/portfolio';
import { formatNumber } from '../../../lib/format';
import type { DbHandle } from '../../db/client';
import { loadDemoMarket } from '../../demo';
import { loadDemoAccounts } from '../../demo/accounts';
import { loadDemoPortfolios } from '../../demo/portfolios';
import { annualReportFor, computeFor, loadPortfolioData, type AnnualView } from '.';
import { annualCsv, annualPdf, annualXlsx } from './annual-files';

const TODAY = '2026-11-20';
const YEAR = 2025;

describe('annual report of a demo member', () => {
  let h: DbHandle;
  let report: AnnualView;
  let engine: ReturnType<typeof annualReport>;
  beforeAll(async () => {
    h = await createTestDb();
    await loadDemoMarket(h.db, { today: TODAY });
    const ids = await loadDemoAccounts(h.db, new Date(`${TODAY}T05:00:00Z`));
    await loadDemoPortfolios(h.db, ids, TODAY);
    const userId = ids.get('premium@telaah.test')!;
    report = await annualReportFor(h.db, userId, YEAR);
    const data = (await loadPortfolioData(h.db, userId, { asOf: yearEnd(YEAR) }))!;
    engine = annualReport(computeFor(data), YEAR);
  }, 120_000);
  afterAll(() => h.close());

  it('has holdings, dividends and sales in the year', () => {
    expect(report.holdings.length).toBeGreaterThan(0);
    expect(report.dividends.length).toBeGreaterThan(0);
    expect(report.sales.length).toBeGreaterThan(0);
    expect(report.totals).toEqual(engine.totals);
  });

  it('CSV writes a company name a spreadsheet would run as a formula as text', () => {
    const hostile = '=HYPERLINK("http://evil.example","x")';
    const [first, ...rest] = report.holdings;
    const csv = annualCsv({ ...report, holdings: [{ ...first!, name: hostile }, ...rest] });
    const cells = Papa.parse<string[]>(csv.trim()).data.flat();
    expect(cells).toContain(`'${hostile}`);
    expect(cells.filter((c) => /^[=+@\t\r]/.test(c) || /^-\D/.test(c))).toEqual([]);
  });

  it('CSV carries every figure', () => {
    const rows = Papa.parse<string[]>(annualCsv(report).trim()).data;
    const section = (title: string, n: number) => {
      const at = rows.findIndex((r) => r[0]?.startsWith(title));
      return rows.slice(at + 2, at + 2 + n + 1);
    };
    const holdings = section('Harta', engine.holdings.length);
    expect(holdings.slice(0, -1).map((r) => [r[0], r[2], r[4], r[6]])).toEqual(
      engine.holdings.map((x) => [x.ticker, `${x.shares}`, `${x.cost}`, `${x.marketValue}`]),
    );
    expect(holdings.at(-1)![4]).toBe(`${engine.totals.holdings.cost}`);
    const dividends = section('Dividen', engine.dividends.length);
    expect(dividends.slice(0, -1).map((r) => [r[0], r[1], r[4], r[5], r[7]])).toEqual(
      engine.dividends.map((x) => [x.paymentDate, x.ticker, `${x.gross}`, `${x.tax}`, `${x.net}`]),
    );
    const sales = section('Penjualan', engine.sales.length);
    expect(sales.slice(0, -1).map((r) => [r[0], r[1], r[3], r[4], r[8]])).toEqual(
      engine.sales.map((x) => [x.date, x.ticker, `${x.gross}`, `${x.finalTax}`, `${x.realised}`]),
    );
    expect(sales.at(-1)![8]).toBe(`${engine.totals.sales.realised}`);
  });

  it('XLSX carries every figure as a number cell', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await annualXlsx(report)) as unknown as ExcelJS.Buffer);
    const values = (sheet: string, cols: number[], n: number) =>
      Array.from({ length: n }, (_, i) =>
        cols.map(
          (c) =>
            wb
              .getWorksheet(sheet)!
              .getRow(i + 3)
              .getCell(c).value,
        ),
      );
    expect(values('Harta', [1, 3, 5, 7], engine.holdings.length)).toEqual(
      engine.holdings.map((x) => [x.ticker, x.shares, x.cost, x.marketValue]),
    );
    expect(values('Dividen', [2, 5, 6, 8], engine.dividends.length)).toEqual(
      engine.dividends.map((x) => [x.ticker, x.gross, x.tax, x.net]),
    );
    expect(values('Penjualan', [2, 4, 5, 9], engine.sales.length)).toEqual(
      engine.sales.map((x) => [x.ticker, x.gross, x.finalTax, x.realised]),
    );
  });

  it('PDF shows every row and the totals', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(await annualPdf(report, new Date(`${TODAY}T05:00:00Z`))));
    const { text } = await extractText(pdf, { mergePages: true });
    const n = (x: number) => formatNumber(x).replace('\u2212', '-');
    for (const x of engine.holdings) expect(text).toContain(n(x.cost));
    for (const x of engine.sales) expect(text).toContain(n(x.gross));
    for (const x of engine.dividends) expect(text).toContain(n(x.net));
    const t = engine.totals;
    for (const x of [t.holdings.cost, t.holdings.marketValue, t.dividends.net, t.sales.gross, t.sales.realised])
      expect(text).toContain(n(x));
  });
});
