import { describe, expect, it } from 'vitest';
import { codeList } from './alert-text';

describe('codeList', () => {
  it('names up to 20 codes and counts the rest after a serial comma (PUEBI)', () => {
    const codes = Array.from({ length: 23 }, (_, i) => `K${String(i + 1).padStart(3, '0')}`);
    const line = codeList(codes);
    expect(line.startsWith('K001, K002, ')).toBe(true);
    expect(line.endsWith('K019, K020, dan 3 lainnya')).toBe(true);
    expect(line).not.toContain('K021');
  });

  it('lists a short set whole, without a count', () => {
    expect(codeList(['BBCA', 'BBRI'])).toBe('BBCA, BBRI');
    expect(codeList(['BBCA'])).toBe('BBCA');
    expect(codeList(Array.from({ length: 20 }, (_, i) => `K${i}`))).not.toContain('lainnya');
  });
});
