/**
 * Parsers for the text of one CSV cell: dates and numbers as they appear in Indonesian exports (IDX
 * files, brokers' statements, the portfolio import). Each returns `undefined` when the text is not a
 * valid value; callers turn that into a row error.
 */
import { utcDay } from './dates';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const IDX_DATE = /^(\d{1,2})[\s-]+([A-Za-z]+)[\s-]+(\d{4})$/;

// Indonesian and English month names and the abbreviations IDX exports use, January first.
const MONTH_NAMES = [
  'jan januari january',
  'feb februari february',
  'mar maret march',
  'apr april',
  'mei may',
  'jun juni june',
  'jul juli july',
  'agt agu aug agustus august',
  'sep sept september',
  'okt oct oktober october',
  'nov november',
  'des dec desember december',
];
const MONTHS = new Map(MONTH_NAMES.flatMap((names, i) => names.split(' ').map((n) => [n, i + 1] as const)));

/** `YYYY-MM-DD` when year, month and day form a real calendar date. */
function isoDate(year: number, month: number, day: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return undefined;
  }
  return utcDay(d);
}

/** A date written `YYYY-MM-DD` or `DD/MM/YYYY`, as `YYYY-MM-DD`. */
export function parseDate(text: string): string | undefined {
  const s = text.trim();
  const iso = ISO_DATE.exec(s);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = DMY_DATE.exec(s);
  if (dmy) return isoDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  return undefined;
}

/** A date as in IDX exports (`21 Nov 2026`, `3 Agt 2026`, `21-Okt-2026`), or any `parseDate` form. */
export function parseIdxDate(text: string): string | undefined {
  const m = IDX_DATE.exec(text.trim());
  if (!m) return parseDate(text);
  const month = MONTHS.get(m[2]!.toLowerCase());
  return month ? isoDate(Number(m[3]), month, Number(m[1])) : undefined;
}

const PLAIN_INT = /^-?\d+$/;
const GROUPED_INT = /^-?\d{1,3}(\.\d{3})+$/;

/** A whole number in plain digits (`1234567`) or with `.` thousands separators (`1.234.567`). */
export function parseInteger(text: string): number | undefined {
  const s = text.trim();
  if (!PLAIN_INT.test(s) && !GROUPED_INT.test(s)) return undefined;
  const n = Number(s.replaceAll('.', ''));
  return Number.isSafeInteger(n) ? n : undefined;
}

const PLAIN_DEC = /^-?\d+(\.\d+)?$/;
const COMMA_DEC = /^-?(\d+|\d{1,3}(\.\d{3})+),\d+$/;
const MULTI_GROUP = /^-?\d{1,3}(\.\d{3}){2,}$/;

/**
 * A decimal number as canonical text (`1234.56`). Accepts `1234.56`, Indonesian `1.234,56` and `12,5`,
 * and `1.234.567`. A single dot is a decimal point (`7123.45`, also `7.123`), as in plain CSV files.
 */
export function parseDecimal(text: string): string | undefined {
  const s = text.trim();
  if (COMMA_DEC.test(s)) return s.replaceAll('.', '').replace(',', '.');
  if (MULTI_GROUP.test(s)) return s.replaceAll('.', '');
  if (PLAIN_DEC.test(s)) return s;
  return undefined;
}
