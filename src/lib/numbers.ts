/**
 * Numbers as Indonesian members type them into a form or a CSV file. Isomorphic: the transaction
 * form previews the fee with the same reading the server applies.
 */

const PLAIN = /^-?\d+$/;
// `1.250` and `1.234.567,5`: dots group thousands, an optional comma starts the decimals.
const ID_GROUPED = /^-?[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/;
const COMMA_DECIMAL = /^-?\d+,\d+$/;
const DOT_DECIMAL = /^-?\d+\.\d+$/;

/**
 * Reads `8950`, `8.950`, `1.234.567`, `187,5`, `1.234,5` and `187.5`; an optional `Rp` in front and
 * spaces are ignored. A dot followed by exactly three digits groups thousands (`1.250` = 1 250): Rupiah
 * are written that way, and no IDX price or dividend has three decimals. Undefined when unreadable.
 */
export function parseIdNumber(text: string): number | undefined {
  const s = text
    .trim()
    .replace(/^rp\.?/i, '')
    .replace(/[\s\u00a0]/g, '');
  if (s === '') return undefined;
  let canonical: string;
  if (PLAIN.test(s)) canonical = s;
  else if (ID_GROUPED.test(s)) canonical = s.replaceAll('.', '').replace(',', '.');
  else if (COMMA_DECIMAL.test(s)) canonical = s.replace(',', '.');
  else if (DOT_DECIMAL.test(s)) canonical = s;
  else return undefined;
  const n = Number(canonical);
  return Number.isFinite(n) ? n : undefined;
}

// `1,650`: an Indonesian decimal (1,65) to us, English thousands (1.650) to a spreadsheet set to English.
const AMBIGUOUS_COMMA = /^-?[1-9]\d{0,2},\d{3}$/;

/**
 * True for text that reads two ways: a comma followed by exactly three digits (`1,650`). Where no real
 * value has three decimals (an IDX price, a DCF input in Rupiah), such text must be confirmed or refused,
 * never silently read as either (docs/product.md §10.7).
 */
export function isAmbiguousComma(text: string): boolean {
  return AMBIGUOUS_COMMA.test(
    text
      .trim()
      .replace(/^rp\.?/i, '')
      .replace(/[\s\u00a0]/g, ''),
  );
}

/** Decimal places of a number written by `parseIdNumber`'s rules, for precision checks. */
export function decimalPlaces(n: number): number {
  if (Number.isInteger(n)) return 0;
  const s = String(n);
  const e = s.indexOf('e-');
  if (e !== -1) return Number(s.slice(e + 2)) + (s.slice(0, e).split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}
