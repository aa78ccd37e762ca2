import { describe, expect, it } from 'vitest';
import { formatNpwp, parseNpwp } from './npwp';

describe('NPWP', () => {
  it.each([
    ['0123456789012345', '0123456789012345'],
    ['0123 4567 8901 2345', '0123456789012345'],
    ['01.234.567.8-901.2345', '0123456789012345'],
    [' 3174-0123-4567-8901 ', '3174012345678901'],
  ])('reads the 16 digits of %s', (text, digits) => {
    expect(parseNpwp(text)).toBe(digits);
  });

  it.each([
    ['the former 15-digit form', '01.234.567.8-901.234'],
    ['17 digits', '01234567890123456'],
    ['a letter', '0123456789O12345'],
    ['other punctuation', '0123/4567/8901/2345'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(parseNpwp(text)).toBeNull();
  });

  it('prints the digits in groups of four', () => {
    expect(formatNpwp('0123456789012345')).toBe('0123 4567 8901 2345');
  });
});
