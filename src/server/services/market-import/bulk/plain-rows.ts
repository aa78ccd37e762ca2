/**
 * The fast path of a price file: well-formed stock rows in plain notation are staged as they are, without
 * the full row rules, and the order of the staged keys tells whether a duplicate search is needed at all.
 */
import { indexCode } from '../../../../domain/indexes';
import { STOCK_CODE_PATTERN } from '../../../../domain/idx';
import { parseDate } from '../../../../domain/market-values';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_CODE = new RegExp(`^${STOCK_CODE_PATTERN}$`);
const PLAIN_PRICE = /^[1-9]\d{0,8}$/;
const PLAIN_VOLUME = /^(0|[1-9]\d{0,14})$/;
/** A whole stock line in the standard layout (`date,ticker,open,high,low,close,volume`) and plain notation. */
const PLAIN_LINE = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2}),(${STOCK_CODE_PATTERN}),([1-9]\\d{0,8}),([1-9]\\d{0,8}),([1-9]\\d{0,8}),([1-9]\\d{0,8}),(0|[1-9]\\d{0,14})\\r?$`,
);

/**
 * Whether the staged keys came in strictly increasing order of (code, date) or of (date, code), as
 * exports and generated files are: then no code and date can come twice, and the file needs no
 * duplicate search. Dates are ISO texts, so text order is date order.
 */
export class KeyOrder {
  private code = '';
  private date = '';
  private byCode = true;
  private byDate = true;

  add(code: string, date: string): void {
    if (this.byCode && !(code > this.code || (code === this.code && date > this.date))) this.byCode = false;
    if (this.byDate && !(date > this.date || (date === this.date && code > this.code))) this.byDate = false;
    this.code = code;
    this.date = date;
  }

  get strict(): boolean {
    return this.byCode || this.byDate;
  }
}

/**
 * The quick check of well-formed stock rows in plain notation (ISO date, upper-case code, digits only):
 * such a row is staged as it is. A row it does not pass — an index row, another number or date style,
 * any mistake — goes through the full row rules, which then report exactly what is wrong. Most rows of a
 * big file pass. Each date and code text's verdict is cached (a decade has some 2 600 distinct days).
 */
export class PlainRows {
  private readonly dates = new Map<string, boolean>();
  private readonly codes = new Map<string, boolean>();

  constructor(
    private readonly today: string,
    private readonly keys: KeyOrder,
  ) {}

  /** Whether date, code and prices whose notation is already plain pass the remaining rules. */
  private passes(d: string, t: string, o: string, h: string, l: string, c: string): boolean {
    let dateOk = this.dates.get(d);
    if (dateOk === undefined) {
      dateOk = parseDate(d) === d && d <= this.today;
      this.dates.set(d, dateOk);
    }
    if (!dateOk) return false;
    let stock = this.codes.get(t);
    if (stock === undefined) {
      stock = !indexCode(t);
      this.codes.set(t, stock);
    }
    if (!stock) return false;
    const [open, high, low, close] = [+o, +h, +l, +c];
    return high >= Math.max(open, close) && low <= Math.min(open, close);
  }

  /** The staging line of a raw file line in the standard layout, or undefined when it needs the full rules. */
  line(line: number, text: string): string | undefined {
    const m = PLAIN_LINE.exec(text);
    if (!m || !this.passes(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]!)) return undefined;
    this.keys.add(m[2]!, m[1]!);
    // The line is the staged columns after the line number; only a trailing \r must go.
    return `${line},${text.endsWith('\r') ? text.slice(0, -1) : text}`;
  }

  /** The staging line of parsed cells (`at`: where date, ticker, open … volume are), or undefined. */
  cells(line: number, cells: string[], at: readonly number[]): string | undefined {
    const [d, t, o, h, l, c, v] = at.map((i) => cells[i]!) as [string, string, string, string, string, string, string];
    if (!PLAIN_CODE.test(t) || !PLAIN_DATE.test(d) || !PLAIN_VOLUME.test(v)) return undefined;
    if (!PLAIN_PRICE.test(o) || !PLAIN_PRICE.test(h) || !PLAIN_PRICE.test(l) || !PLAIN_PRICE.test(c)) return undefined;
    if (!this.passes(d, t, o, h, l, c)) return undefined;
    this.keys.add(t, d);
    return `${line},${d},${t},${o},${h},${l},${c},${v}`;
  }
}
