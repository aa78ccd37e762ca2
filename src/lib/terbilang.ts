/**
 * "Terbilang": a whole number in Indonesian words, as written on receipts (kuitansi).
 * 149000 → "seratus empat puluh sembilan ribu".
 */
const ONES = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan', 'sepuluh', 'sebelas'];
const SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun'];

function belowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('seratus');
  else if (hundreds > 1) words.push(`${ONES[hundreds]} ratus`);
  if (rest < 12) words.push(ONES[rest]!);
  else if (rest < 20) words.push(`${ONES[rest - 10]} belas`);
  else words.push(`${ONES[Math.floor(rest / 10)]} puluh`, ONES[rest % 10]!);
  return words.filter(Boolean).join(' ');
}

/** Words for a whole number from 0 up to (but not including) 10^15. */
export function terbilang(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1e15)
    throw new RangeError(`terbilang: ${value} is out of range`);
  if (value === 0) return 'nol';
  const groups: string[] = [];
  for (let scale = 0, n = value; n > 0; scale++, n = Math.floor(n / 1000)) {
    const group = n % 1000;
    if (group === 0) continue;
    // 1000 is "seribu", not "satu ribu".
    const words =
      scale === 1 && group === 1 ? 'seribu' : [belowThousand(group), SCALES[scale]].filter(Boolean).join(' ');
    groups.unshift(words);
  }
  return groups.join(' ');
}
