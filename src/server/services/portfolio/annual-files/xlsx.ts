/**
 * The yearly report as an Excel workbook (exceljs): one sheet per table with real number and date
 * cells in Indonesian formats, and a sheet with the explanation and disclaimer.
 */
import ExcelJS from 'exceljs';
import { ANNUAL_DISCLAIMER, ANNUAL_GUIDE, ANNUAL_TITLE } from '../../../../lib/annual-report-text';
import type { AnnualView } from '../annual';
import { annualTables, isIsoDate, type ColumnKind } from '../../../../lib/annual-report-columns';

const FORMATS: Record<ColumnKind, string | undefined> = {
  rp: '"Rp" #,##0;-"Rp" #,##0',
  int: '#,##0',
  // Two fixed decimals: `#,##0.##` left a bare separator after whole prices ("8.950,").
  price: '#,##0.00',
  date: 'dd/mm/yyyy',
  text: undefined,
};

const SHEET_NAMES = {
  harta: 'Harta',
  dividen: 'Dividen',
  'dividen-bebas': 'Dividen dikecualikan',
  penjualan: 'Penjualan',
  realisasi: 'Realisasi investasi',
} as const;

function cellValue(kind: ColumnKind, v: string | number | null): ExcelJS.CellValue {
  if (v === null) return null;
  if (kind === 'date' && isIsoDate(v)) return new Date(`${v}T00:00:00Z`);
  return v;
}

export async function annualXlsx(r: AnnualView): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Telaah';
  for (const t of annualTables(r)) {
    const ws = wb.addWorksheet(SHEET_NAMES[t.key]);
    ws.addRow([t.title]).font = { bold: true };
    const header = ws.addRow(t.columns.map((c) => c.header));
    header.font = { bold: true };
    for (const row of t.rows) ws.addRow(t.columns.map((c) => cellValue(c.kind, c.value(row))));
    ws.addRow(t.totals.map((v, i) => cellValue(t.columns[i]!.kind, v))).font = { bold: true };
    t.columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      col.width = Math.round(c.width * 11);
      const fmt = FORMATS[c.kind];
      if (fmt) col.numFmt = fmt;
    });
  }
  const notes = wb.addWorksheet('Keterangan');
  notes.getColumn(1).width = 110;
  notes.addRow([ANNUAL_TITLE(r.year)]).font = { bold: true };
  for (const g of ANNUAL_GUIDE) {
    notes.addRow([g.title]).font = { bold: true };
    notes.addRow([g.text]).alignment = { wrapText: true };
  }
  notes.addRow([ANNUAL_DISCLAIMER]).alignment = { wrapText: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
