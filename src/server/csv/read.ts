/**
 * Reads CSV text into a header and rows that know their line number in the file, so every error can
 * name the line the user sees in an editor (the header is line 1; quoted line breaks count). Shared by
 * the files Telaah reads: market data (imports and the daily feed) and members' transaction files.
 */
import Papa from 'papaparse';
import { LINE_TOO_LONG, MAX_LINE_CHARS, rowTextErrors, type RowError } from './text-rules';

/** A problem of one row of a file: the line it starts on, the column when one is to blame, and what is wrong. */
export type { RowError };

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

/** The 1-based number of the first line longer than MAX_LINE_CHARS, or 0. */
function firstLongLine(text: string): number {
  let line = 1;
  for (let start = 0; start <= text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > MAX_LINE_CHARS) return line;
    if (end === -1) return 0;
    start = end + 1;
  }
  return 0;
}

/**
 * Parses CSV text. Blank lines are skipped; rows whose field count differs from the header are errors,
 * and so are cells holding a control character or of unbounded length (see ./text-rules). A line longer
 * than any market file has stops the parse there.
 */
export function parseCsv(input: string): CsvTable {
  const long = firstLongLine(input);
  if (long) return { header: [], rows: [], errors: [{ line: long, message: LINE_TOO_LONG }] };
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
  errors.push(...rowTextErrors(head.line, head.cells, []));
  for (const row of rows) {
    errors.push(...rowTextErrors(row.line, row.cells, header));
    if (row.cells.length !== header.length) {
      errors.push({
        line: row.line,
        message: `jumlah kolom ${row.cells.length}, seharusnya ${header.length} seperti baris judul`,
      });
    }
  }
  return { header, rows, errors };
}
