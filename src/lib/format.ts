/**
 * Indonesian formatting for numbers, money and dates. Every screen formats through here so that
 * Rupiah, percentages and dates look the same everywhere (id-ID, Asia/Jakarta).
 */
export const TIME_ZONE = 'Asia/Jakarta';

const rupiah = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const decimal2 = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const pct = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `Rp 1.234.567`; negative amounts as `−Rp 1.234`. */
export function formatRupiah(amount: number): string {
  const s = `Rp ${rupiah.format(Math.abs(amount))}`;
  return amount < 0 ? `−${s}` : s;
}

// Creating an Intl formatter costs far more than formatting with one: keep one per number of decimals.
const plainByDigits = new Map<number, Intl.NumberFormat>();

/** Plain Indonesian number with up to `digits` decimals: `1.234,5`. */
export function formatNumber(n: number, digits = 0): string {
  if (digits === 2) return decimal2.format(n);
  let fmt = plainByDigits.get(digits);
  if (!fmt) plainByDigits.set(digits, (fmt = new Intl.NumberFormat('id-ID', { maximumFractionDigits: digits })));
  return fmt.format(n);
}

/** A rate in basis points as the percentage it is, to the basis point: 25 → `0,25 %`, 10 → `0,1 %`. */
export function formatBps(bps: number): string {
  return `${formatNumber(bps / 100, 2)} %`;
}

/** A ratio as a percentage with one decimal: 0.125 → `12,5 %`. */
export function formatPercent(ratio: number, opts: { sign?: boolean } = {}): string {
  const value = pct.format(Math.abs(ratio * 100));
  // What rounds to zero carries no sign: "0,0 %", never "−0,0 %".
  const zero = !/[1-9]/.test(value);
  const sign = zero ? '' : ratio < 0 ? '−' : opts.sign && ratio > 0 ? '+' : '';
  return `${sign}${value} %`;
}

const dateFmt = new Intl.DateTimeFormat('id-ID', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDateFmt = new Intl.DateTimeFormat('id-ID', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const dateTimeFmt = new Intl.DateTimeFormat('id-ID', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(d: Date | string): Date {
  // A bare `YYYY-MM-DD` is a calendar date in WIB, not UTC midnight.
  return typeof d === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T00:00:00+07:00` : d) : d;
}

/** `21 November 2026` in WIB. */
export function formatDate(d: Date | string): string {
  return dateFmt.format(toDate(d));
}

/** `21 Nov 2026` in WIB. */
export function formatShortDate(d: Date | string): string {
  return shortDateFmt.format(toDate(d));
}

/** `21 November 2026 pukul 14.05 WIB`. */
export function formatDateTime(d: Date | string): string {
  return `${dateTimeFmt.format(toDate(d))} WIB`;
}
