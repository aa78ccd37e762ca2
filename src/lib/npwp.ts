/**
 * NPWP (Nomor Pokok Wajib Pajak). Since 2024 an NPWP is 16 digits: a person's NIK, or for a company
 * (badan) a 0 followed by its former 15-digit number (PMK 112/2022). We accept the digits with the usual
 * separators (dots, dashes, spaces) and show them in groups of four, as the 16-digit number is printed.
 */

/** The 16 digits of an NPWP written with or without separators; null when it is not 16 digits. */
export function parseNpwp(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[\d.\-\s]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[.\-\s]/g, '');
  return /^\d{16}$/.test(digits) ? digits : null;
}

/** 16 digits as printed on a receipt: `0123 4567 8901 2345`. */
export function formatNpwp(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
