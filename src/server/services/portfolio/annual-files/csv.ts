/**
 * The yearly report as CSV: each table under its title line, its header and a totals row, tables
 * separated by an empty line. Amounts are plain whole numbers and dates `YYYY-MM-DD`, so a
 * spreadsheet or a script reads them without guessing.
 */
import Papa from 'papaparse';
import { ANNUAL_DISCLAIMER, ANNUAL_TITLE } from '../../../../lib/annual-report-text';
import type { AnnualView } from '../annual';
import { annualTables } from '../../../../lib/annual-report-columns';

export function annualCsv(r: AnnualView): string {
  const lines: (string | number | null)[][] = [[ANNUAL_TITLE(r.year)], []];
  for (const t of annualTables(r)) {
    lines.push([t.title]);
    lines.push(t.columns.map((c) => c.header));
    for (const row of t.rows) lines.push(t.columns.map((c) => c.value(row)));
    lines.push(t.totals);
    lines.push([]);
  }
  lines.push([ANNUAL_DISCLAIMER]);
  return `${Papa.unparse(lines, { newline: '\r\n' })}\r\n`;
}
