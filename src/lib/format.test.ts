import { describe, expect, it } from 'vitest';
import { formatBps, formatPercent } from './format';

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

describe('formatBps', () => {
  // The default sell fee is 25 bps: one decimal of a percentage would show it as "0,3 %".
  it.each([
    [25, '0,25 %'],
    [15, '0,15 %'],
    [10, '0,1 %'],
    [100, '1 %'],
    [0, '0 %'],
  ])('%d bps → %s', (bps, text) => expect(formatBps(bps)).toBe(text));
});
