/**
 * The yearly report as CSV: each table under its title line, its header and a totals row, tables
 * separated by an empty line. Written for a spreadsheet in Indonesian settings (docs/product.md §10.14):
 * fields separated by `;` (its list separator), amounts as plain whole numbers, prices rounded to two
 * decimals with a decimal comma, dates `YYYY-MM-DD`. A text cell a spreadsheet would run as a formula
 * (leading `=`, `+`, `-`, `@`, tab or carriage return: company names come from market data) is written
 * with a leading apostrophe, as OWASP advises; numbers are written as they are.
 */
import Papa from 'papaparse';
import { ANNUAL_DISCLAIMER, ANNUAL_TITLE } from '../../../../lib/annual-report-text';
import type { AnnualView } from '../annual';
import { annualTables, type ColumnKind } from '../../../../lib/annual-report-columns';

export function annualCsv(r: AnnualView): string {
  const lines: (string | number | null)[][] = [[ANNUAL_TITLE(r.year)], []];
  for (const t of annualTables(r)) {
    lines.push([t.title]);
    lines.push(t.columns.map((c) => c.header));
    for (const row of t.rows) lines.push(t.columns.map((c) => cell(c.kind, c.value(row))));
    lines.push(t.totals.map((v, i) => cell(t.columns[i]!.kind, v)));
    lines.push([]);
  }
  lines.push([ANNUAL_DISCLAIMER]);
  return `${Papa.unparse(lines, { newline: '\r\n', delimiter: ';', escapeFormulae: true })}\r\n`;
}

/** A price as `5485,23` (two decimals at most, decimal comma); everything else as it is. */
function cell(kind: ColumnKind, v: string | number | null): string | number | null {
  if (kind !== 'price' || typeof v !== 'number') return v;
  return String(Math.round(v * 100) / 100).replace('.', ',');
}
