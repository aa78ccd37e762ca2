/**
 * The tables of the yearly report, column by column, shared by the CSV, XLSX and PDF files so the
 * three always carry the same figures under the same headings.
 */
import { ANNUAL_SECTIONS, TAX_WAY_TEXT } from './annual-report-text';
import type { AnnualView } from '../server/services/portfolio';

/** How a value is written: whole Rupiah, a share count, a per-share price, a date, or text. */
export type ColumnKind = 'rp' | 'int' | 'price' | 'date' | 'text';

/** True for a `YYYY-MM-DD` value (a date column's totals row carries a label instead). */
export const isIsoDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

export interface Column<T> {
  header: string;
  kind: ColumnKind;
  value: (row: T) => string | number | null;
  /** Relative width in the PDF. */
  width: number;
}

export interface Table<T = unknown> {
  key: 'harta' | 'dividen' | 'dividen-bebas' | 'penjualan' | 'realisasi';
  title: string;
  columns: Column<T>[];
  rows: T[];
  /** The totals row: a value per column (null leaves the cell empty). */
  totals: (string | number | null)[];
}

type Holding = AnnualView['holdings'][number];
type Dividend = AnnualView['dividends'][number];
type Exempt = AnnualView['exemptDividends'][number];
type Sale = AnnualView['sales'][number];
type Realisation = AnnualView['realisation'][number];

const FLAG_TEXT = 'Saham penutup dijual sebelum masa investasi berakhir: pengecualian berisiko gugur';

function table<T>(t: Table<T>): Table {
  return t as unknown as Table;
}

/** The five tables of a report, in reading order. */
export function annualTables(r: AnnualView): Table[] {
  const h = r.totals.holdings;
  const d = r.totals.dividends;
  const s = r.totals.sales;
  return [
    table<Holding>({
      key: 'harta',
      title: ANNUAL_SECTIONS.holdings(r.year),
      rows: r.holdings,
      columns: [
        { header: 'Kode', kind: 'text', value: (x) => x.ticker, width: 1 },
        { header: 'Nama', kind: 'text', value: (x) => x.name, width: 3 },
        { header: 'Lembar', kind: 'int', value: (x) => x.shares, width: 1.2 },
        { header: 'Harga rata-rata', kind: 'price', value: (x) => x.averagePrice, width: 1.4 },
        { header: 'Harga perolehan (isi di Coretax)', kind: 'rp', value: (x) => x.cost, width: 1.8 },
        { header: 'Harga penutupan', kind: 'price', value: (x) => x.lastClose, width: 1.4 },
        { header: 'Nilai saat ini 31 Desember (isi di Coretax)', kind: 'rp', value: (x) => x.marketValue, width: 1.8 },
      ],
      totals: ['Jumlah', null, null, null, h.cost, null, h.marketValue],
    }),
    table<Dividend>({
      key: 'dividen',
      title: ANNUAL_SECTIONS.dividends(r.year),
      rows: r.dividends,
      columns: [
        { header: 'Tanggal bayar', kind: 'date', value: (x) => x.paymentDate, width: 1.5 },
        { header: 'Kode', kind: 'text', value: (x) => x.ticker, width: 1 },
        { header: 'Lembar', kind: 'int', value: (x) => x.shares, width: 1.2 },
        { header: 'Per lembar', kind: 'price', value: (x) => Number(x.amountPerShare), width: 1.2 },
        { header: 'Bruto dikenai PPh', kind: 'rp', value: (x) => x.gross, width: 1.6 },
        { header: 'PPh final 10 %', kind: 'rp', value: (x) => x.tax, width: 1.4 },
        { header: 'Pelunasan PPh', kind: 'text', value: (x) => TAX_WAY_TEXT[x.way](x.taxDate), width: 2.2 },
        { header: 'Neto', kind: 'rp', value: (x) => x.net, width: 1.6 },
      ],
      totals: ['Jumlah', null, null, null, d.gross, d.tax, null, d.net],
    }),
    table<Exempt>({
      key: 'dividen-bebas',
      title: ANNUAL_SECTIONS.exemptDividends(r.year),
      rows: r.exemptDividends,
      columns: [
        { header: 'Tanggal bayar', kind: 'date', value: (x) => x.paymentDate, width: 1.5 },
        { header: 'Kode', kind: 'text', value: (x) => x.ticker, width: 1 },
        { header: 'Dividen dikecualikan', kind: 'rp', value: (x) => x.exempt, width: 1.7 },
        { header: 'Batas investasi', kind: 'date', value: (x) => x.investDeadline, width: 1.5 },
        { header: 'Ditahan sampai', kind: 'date', value: (x) => x.holdUntil, width: 1.5 },
        { header: 'Catatan', kind: 'text', value: (x) => (x.flagged ? FLAG_TEXT : ''), width: 2.6 },
      ],
      totals: ['Jumlah', null, r.totals.exemptDividends.exempt, null, null, null],
    }),
    table<Sale>({
      key: 'penjualan',
      title: ANNUAL_SECTIONS.sales(r.year),
      rows: r.sales,
      columns: [
        { header: 'Tanggal', kind: 'date', value: (x) => x.date, width: 1.5 },
        { header: 'Kode', kind: 'text', value: (x) => x.ticker, width: 1 },
        { header: 'Lembar', kind: 'int', value: (x) => x.shares, width: 1.1 },
        { header: 'Nilai bruto', kind: 'rp', value: (x) => x.gross, width: 1.7 },
        { header: 'PPh final 0,1 %', kind: 'rp', value: (x) => x.finalTax, width: 1.4 },
        { header: 'Biaya jual', kind: 'rp', value: (x) => x.fee, width: 1.4 },
        { header: 'Hasil bersih', kind: 'rp', value: (x) => x.proceeds, width: 1.7 },
        { header: 'Modal keluar', kind: 'rp', value: (x) => x.costRemoved, width: 1.7 },
        { header: 'Laba/rugi', kind: 'rp', value: (x) => x.realised, width: 1.6 },
      ],
      totals: ['Jumlah', null, null, s.gross, s.finalTax, s.fee, s.proceeds, s.costRemoved, s.realised],
    }),
    table<Realisation>({
      key: 'realisasi',
      title: ANNUAL_SECTIONS.realisation(r.year),
      rows: r.realisation,
      columns: [
        { header: 'Dividen', kind: 'text', value: (x) => x.ticker, width: 1 },
        { header: 'Tanggal bayar', kind: 'date', value: (x) => x.paymentDate, width: 1.5 },
        { header: 'Jumlah dividen', kind: 'rp', value: (x) => x.dividend, width: 1.6 },
        { header: 'Investasi', kind: 'text', value: (x) => `Saham ${x.investmentTicker}`, width: 1.3 },
        { header: 'Tanggal investasi', kind: 'date', value: (x) => x.investmentDate, width: 1.5 },
        { header: 'Lembar', kind: 'int', value: (x) => x.shares, width: 1.1 },
        { header: 'Nilai investasi', kind: 'rp', value: (x) => x.amount, width: 1.6 },
        { header: 'Ditahan sampai', kind: 'date', value: (x) => x.holdUntil, width: 1.5 },
        { header: 'Catatan', kind: 'text', value: (x) => (x.flagged ? FLAG_TEXT : ''), width: 2.4 },
      ],
      totals: ['Jumlah', null, null, null, null, null, r.totals.realisation.amount, null, null],
    }),
  ];
}
