import { describe, expect, it } from 'vitest';
import { formatPercent } from './format';

describe('formatPercent', () => {
  it.each([
    [0.125, {}, '12,5 %'],
    [-0.049, {}, '−4,9 %'],
    [0.021, { sign: true }, '+2,1 %'],
    [-0.0004, { sign: true }, '0,0 %'],
    [0.0004, { sign: true }, '0,0 %'],
    [-0, {}, '0,0 %'],
  ])('%d %o → %s', (ratio, opts, text) => {
    expect(formatPercent(ratio, opts)).toBe(text);
  });
});
