/**
 * The yearly report as a PDF (pdfkit): A4 portrait, one column of text and tables that a phone shows
 * whole and a printer fits on the page. Uses PDF's built-in Helvetica, so nothing is embedded or
 * fetched; amounts in table cells are in Rupiah without the "Rp" (said in each heading) to fit a phone.
 */
import PDFDocument from 'pdfkit';
import { ANNUAL_DISCLAIMER, ANNUAL_GUIDE, ANNUAL_TITLE } from '../../../../lib/annual-report-text';
import { formatDate, formatDateTime, formatNumber } from '../../../../lib/format';
import type { AnnualView } from '../annual';
import { annualTables, isIsoDate, type ColumnKind, type Table } from '../../../../lib/annual-report-columns';

const MARGIN = 40;
const ROW_GAP = 3;
const FONT_SIZE = 8;

// The built-in fonts speak WinAnsi, which lacks the minus sign formatting uses.
const winAnsi = (s: string) => s.replace(/\u2212/g, '-');

function cellText(kind: ColumnKind, v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'string') return kind === 'date' && isIsoDate(v) ? formatDate(v) : v;
  if (kind === 'price') return formatNumber(v, 2);
  return winAnsi(formatNumber(v));
}

function drawRow(doc: PDFKit.PDFDocument, t: Table, cells: string[], bold: boolean): void {
  const width = doc.page.width - 2 * MARGIN;
  const total = t.columns.reduce((s, c) => s + c.width, 0);
  const widths = t.columns.map((c) => (c.width / total) * width);
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 4 })));
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((c, i) => {
    const kind = t.columns[i]!.kind;
    const align = kind === 'text' || kind === 'date' ? 'left' : 'right';
    doc.text(c, x + 2, y, { width: widths[i]! - 4, align });
    x += widths[i]!;
  });
  doc.y = y + height + ROW_GAP;
  doc
    .moveTo(MARGIN, doc.y - 1.5)
    .lineTo(MARGIN + width, doc.y - 1.5)
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .stroke();
}

function drawTable(doc: PDFKit.PDFDocument, t: Table): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor('#000000');
  doc.text(`${t.title} (dalam Rupiah)`, MARGIN, doc.y);
  doc.moveDown(0.3);
  drawRow(
    doc,
    t,
    t.columns.map((c) => c.header),
    true,
  );
  if (t.rows.length === 0) {
    doc.font('Helvetica').fontSize(FONT_SIZE).text('Tidak ada.', MARGIN, doc.y);
    doc.moveDown(0.3);
    return;
  }
  for (const row of t.rows)
    drawRow(
      doc,
      t,
      t.columns.map((c) => cellText(c.kind, c.value(row))),
      false,
    );
  drawRow(
    doc,
    t,
    t.totals.map((v, i) => cellText(t.columns[i]!.kind, v)),
    true,
  );
}

/** Whose report it is: printed under the title, so a printed copy names its member and portfolios. */
export interface ReportOwner {
  name: string;
  email: string;
}

/** The PDF bytes; `generatedAt` is printed in the footer line. */
export async function annualPdf(r: AnnualView, generatedAt: Date, owner?: ReportOwner): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: ANNUAL_TITLE(r.year), Author: 'Telaah' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(ANNUAL_TITLE(r.year));
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  if (owner) doc.text(winAnsi(`Untuk ${owner.name} (${owner.email}).`));
  if (r.portfolioNames?.length) doc.text(winAnsi(`Portofolio: ${r.portfolioNames.join(', ')}.`));
  doc.text(`Dibuat ${formatDateTime(generatedAt)}${r.demo ? ' - berisi data demo' : ''}.`);
  doc.fillColor('#000000');
  for (const t of annualTables(r)) drawTable(doc, t);
  doc.moveDown(1).font('Helvetica-Bold').fontSize(11).text('Cara memakai laporan ini di SPT', MARGIN, doc.y);
  for (const g of ANNUAL_GUIDE) {
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(9).text(g.title);
    doc.font('Helvetica').fontSize(9).text(winAnsi(g.text));
  }
  doc.moveDown(0.8).font('Helvetica-Oblique').fontSize(8).fillColor('#444444').text(ANNUAL_DISCLAIMER);
  doc.end();
  return done;
}
