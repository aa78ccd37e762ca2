/**
 * What the text of a file Telaah reads must keep to, whatever its kind or source (a market file imported
 * by hand or by the daily feed, a member's transaction file): lines and cells of bounded length, checked
 * as the text streams in so a hostile file fails at once; no control characters (PostgreSQL refuses NUL,
 * and no market or transaction text needs any); and no company name a spreadsheet would run as a formula.
 */

/** A problem with one row of a file, by its 1-based line (and column when known). */
export interface RowError {
  line: number;
  column?: string;
  message: string;
}

/** Longer than any line of an IDX export or an emiten file. */
export const MAX_LINE_CHARS = 16 * 1024;
/** Longer than any company name, sector or number. */
const MAX_CELL_CHARS = 1_000;
/** Feed files (one trading day, some 1 000 rows) and non-price market files are far smaller than this. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const LINE_TOO_LONG = `baris lebih panjang dari ${MAX_LINE_CHARS.toLocaleString('id-ID')} karakter; berkas ini bukan berkas data pasar`;
export const FILE_TOO_LARGE = `berkas lebih besar dari ${MAX_FILE_BYTES / 1024 / 1024} MB; berkas satu hari atau berkas emiten jauh lebih kecil`;

/** A line too long for any market file, with the 1-based number of the line it starts on. */
export class LineTooLongError extends Error {
  constructor(readonly line: number) {
    super(`Baris ${line}: ${LINE_TOO_LONG}`);
  }
}

// Tab, line feed and carriage return are text; every other C0 control and DEL is not.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** `U+0000` for a character. */
const codePoint = (ch: string) => `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The problem of one cell's text (control character, length), or null. */
function cellProblem(cell: string): string | null {
  const at = cell.search(CONTROL);
  if (at !== -1) return `berisi karakter kontrol ${codePoint(cell[at]!)} pada karakter ke-${at + 1}`;
  if (cell.length > MAX_CELL_CHARS) return `lebih panjang dari ${MAX_CELL_CHARS.toLocaleString('id-ID')} karakter`;
  return null;
}

/** Errors for the cells of one row, each naming its line and column (header text, else its position). */
export function rowTextErrors(line: number, cells: readonly string[], header: readonly string[]): RowError[] {
  const errors: RowError[] = [];
  for (let i = 0; i < cells.length; i++) {
    const problem = cellProblem(cells[i]!);
    if (problem) errors.push({ line, column: header[i]?.trim() || `ke-${i + 1}`, message: problem });
  }
  return errors;
}

/** Characters that make a spreadsheet read a cell as a formula when they lead it. */
const FORMULA_LEAD = /^[=+\-@]/;

/** Why a company name is refused, or null. */
export function companyNameProblem(name: string): string | null {
  if (FORMULA_LEAD.test(name)) return 'nama tidak boleh diawali =, +, - atau @ (dibaca sebagai rumus oleh spreadsheet)';
  return cellProblem(name);
}
