import { describe, expect, it } from 'vitest';
import { isOnTick, isStockCode, parseStockCode, summaryOpen, tickSize } from './idx';

describe('stock codes as IDX writes them', () => {
  it.each(['BBCA', 'MAMIP', 'MYRXP', 'GOTOM', 'BBTN-R', 'BHIT-R', 'ABCD-W', 'MAMIP-R'])('%s is a code', (code) => {
    expect(isStockCode(code)).toBe(true);
  });
  it.each(['BBC', 'BBCAXY', 'bbca', 'BBCA-X', 'BBCA-', 'BB1A', 'BBCA R', '', 'COMPOSITE'])('"%s" is not', (code) => {
    expect(isStockCode(code)).toBe(false);
  });
  it('reads a typed code: trimmed, upper-cased', () => {
    expect(parseStockCode(' mamip ')).toBe('MAMIP');
    expect(parseStockCode('bbtn-r')).toBe('BBTN-R');
    expect(parseStockCode('bbca1')).toBeUndefined();
  });
});

describe('the dated price grid', () => {
  it('puts a 2015 close on the grid of its day: ADHI 3 575 (Rp 5 steps from 2014 to May 2016)', () => {
    expect(tickSize(3_575, '2015-06-01')).toBe(5);
    expect(isOnTick(3_575, '2015-06-01')).toBe(true);
    // Under the grid in force since 2 May 2016, 3 575 is off the Rp 10 steps.
    expect(isOnTick(3_575, '2016-05-02')).toBe(false);
    expect(isOnTick(3_575)).toBe(false);
  });
  it.each([
    // date, price, tick
    ['2016-04-29', 499, 1],
    ['2016-04-29', 4_995, 5],
    ['2016-04-29', 5_000, 25],
    ['2016-05-02', 499, 2],
    ['2016-05-02', 4_995, 10],
    ['2014-01-06', 300, 1],
    ['2014-01-03', 300, 5],
    ['2013-06-03', 1_990, 10],
    ['2013-06-03', 2_000, 25],
    ['2013-06-03', 5_000, 50],
    ['2021-06-01', 2_000, 10],
  ])('on %s the tick at Rp %i is Rp %i', (date, price, tick) => {
    expect(tickSize(price, date)).toBe(tick);
  });
});

describe('the open of a day from IDX summary fields', () => {
  const day = { open: 0, firstTrade: 0, previous: 0, high: 1_100, low: 1_000, close: 1_050 };
  it('takes IDX own open when it lies in the range', () => {
    expect(summaryOpen({ ...day, open: 1_020, firstTrade: 1_030 })).toBe(1_020);
  });
  it('else the first trade', () => {
    expect(summaryOpen({ ...day, firstTrade: 1_030, previous: 900 })).toBe(1_030);
  });
  it('else the previous close held inside Low..High (a gap up opens at the low, a gap down at the high)', () => {
    expect(summaryOpen({ ...day, previous: 900 })).toBe(1_000);
    expect(summaryOpen({ ...day, previous: 1_200 })).toBe(1_100);
    expect(summaryOpen({ ...day, previous: 1_040 })).toBe(1_040);
  });
  it('else the close', () => {
    expect(summaryOpen(day)).toBe(1_050);
  });
  it('ignores an open or first trade outside the range', () => {
    expect(summaryOpen({ ...day, open: 1_500, firstTrade: 10, previous: 1_060 })).toBe(1_060);
  });
});
