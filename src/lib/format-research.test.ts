import { describe, expect, it } from 'vitest';
import { formatCompactRupiah, formatMultiple, formatPerShare } from './format-research';

describe('research formats', () => {
  it.each([
    [1_134_130_460_000_000, 'Rp 1.134,1 T'],
    [450_000_000_000, 'Rp 450,0 M'],
    [12_500_000, 'Rp 12,5 jt'],
    [950_000, 'Rp 950.000'],
    [-2_000_000_000, '−Rp 2,0 M'],
  ])('formatCompactRupiah(%d) = %s', (n, s) => {
    expect(formatCompactRupiah(n)).toBe(s);
  });

  it('formats multiples and per-share amounts', () => {
    expect(formatMultiple(20)).toBe('20,0x');
    expect(formatMultiple(14.25)).toBe('14,3x');
    expect(formatPerShare(451.2)).toBe('Rp 451,2');
    expect(formatPerShare(-3.456)).toBe('−Rp 3,46');
  });
});
