import { describe, expect, it } from 'vitest';
import { parseDate, parseDecimal, parseIdxDate, parseInteger } from './market-values';

describe('parseDate', () => {
  it.each([
    ['2026-11-20', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['1/2/2024', '2024-02-01'],
    [' 29/02/2024 ', '2024-02-29'],
    ['29/02/2026', undefined],
    ['2026-13-01', undefined],
    ['2026-11-31', undefined],
    ['11/20/2026', undefined],
    ['20-11-2026', undefined],
    ['', undefined],
  ])('%j → %j', (text, expected) => expect(parseDate(text)).toBe(expected));
});

describe('parseIdxDate', () => {
  it.each([
    ['21 Nov 2026', '2026-11-21'],
    ['3 Agt 2026', '2026-08-03'],
    ['3 Agu 2026', '2026-08-03'],
    ['3 Aug 2026', '2026-08-03'],
    ['15 Mei 2026', '2026-05-15'],
    ['15 May 2026', '2026-05-15'],
    ['1 Okt 2026', '2026-10-01'],
    ['1 Oct 2026', '2026-10-01'],
    ['24 Des 2026', '2026-12-24'],
    ['24 Dec 2026', '2026-12-24'],
    ['24-Des-2026', '2026-12-24'],
    ['5 januari 2026', '2026-01-05'],
    ['2026-11-21', '2026-11-21'],
    ['21/11/2026', '2026-11-21'],
    ['31 Feb 2026', undefined],
    ['21 Xyz 2026', undefined],
    ['Nov 21 2026', undefined],
  ])('%j → %j', (text, expected) => expect(parseIdxDate(text)).toBe(expected));
});

describe('parseInteger', () => {
  it.each([
    ['1234567', 1_234_567],
    ['1.234.567', 1_234_567],
    ['9.025', 9_025],
    ['70', 70],
    ['0', 0],
    ['-10', -10],
    [' 5.000 ', 5_000],
    ['1.189.483.988.785', 1_189_483_988_785],
    ['4235.5', undefined],
    ['1.23', undefined],
    ['12.3456', undefined],
    ['1,234', undefined],
    ['abc', undefined],
    ['', undefined],
    ['99999999999999999999', undefined],
  ])('%j → %j', (text, expected) => expect(parseInteger(text)).toBe(expected));
});

describe('parseDecimal', () => {
  it.each([
    ['7230.47', '7230.47'],
    ['7.123', '7.123'],
    ['7.230,47', '7230.47'],
    ['208,4', '208.4'],
    ['1.234.567', '1234567'],
    ['205', '205'],
    ['-1.5', '-1.5'],
    ['1,234.5', undefined],
    ['1.2.3', undefined],
    ['', undefined],
  ])('%j → %j', (text, expected) => expect(parseDecimal(text)).toBe(expected));
});
