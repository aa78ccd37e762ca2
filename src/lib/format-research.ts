/**
 * Compact formats for research figures: large Rupiah amounts in the words Indonesian investors use
 * (ribu, juta, miliar, triliun) and valuation multiples. Built on lib/format.
 */
import { formatNumber } from './format';

const oneDecimal = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'M'],
  [1e6, 'jt'],
];

/** `Rp 1.134,1 T` (triliun), `Rp 450,0 M` (miliar), `Rp 12,5 jt` (juta); smaller amounts in full. */
export function formatCompactRupiah(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '−' : '';
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${sign}Rp ${oneDecimal.format(abs / size)} ${unit}`;
  }
  return `${sign}Rp ${formatNumber(Math.round(abs))}`;
}

/** A valuation multiple with one decimal: `14,2x`. */
export function formatMultiple(v: number): string {
  return `${oneDecimal.format(v)}x`;
}

/** A per-share amount with up to two decimals: `Rp 451,2`. */
export function formatPerShare(v: number): string {
  return `${v < 0 ? '−' : ''}Rp ${formatNumber(Math.abs(v), 2)}`;
}
