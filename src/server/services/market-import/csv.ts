/**
 * Reads CSV text into a header and rows that know their line number in the file, so every error can
 * name the line the user sees in an editor (the header is line 1; quoted line breaks count).
 */
import Papa from 'papaparse';
import type { RowError } from './types';

/** One data row with the 1-based line it starts on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
  errors: RowError[];
}

/** The delimiter of the header line: comma, semicolon (spreadsheets in Indonesian locale) or tab. */
export function detectDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Parses CSV text. Blank lines are skipped; rows whose field count differs from the header are errors. */
export function parseCsv(input: string): CsvTable {
  const text = input.replace(/^\uFEFF/, '');
  const all: CsvRow[] = [];
  const errors: RowError[] = [];
  let line = 1;
  let cursor = 0;
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    step: (result) => {
      const start = line;
      const end = result.meta.cursor;
      line += countNewlines(text, cursor, end);
      cursor = end;
      for (const e of result.errors) {
        if (e.type !== 'Delimiter') errors.push({ line: start, message: `format CSV rusak (${e.message})` });
      }
      const cells = result.data;
      if (cells.length === 1 && cells[0]!.trim() === '') return;
      all.push({ line: start, cells });
    },
  });
  const [head, ...rows] = all;
  if (!head) return { header: [], rows: [], errors: [{ line: 1, message: 'berkas kosong' }, ...errors] };
  const header = head.cells.map((c) => c.trim());
  for (const row of rows) {
    if (row.cells.length !== header.length) {
      errors.push({
        line: row.line,
        message: `jumlah kolom ${row.cells.length}, seharusnya ${header.length} seperti baris judul`,
      });
    }
  }
  return { header, rows, errors };
}
