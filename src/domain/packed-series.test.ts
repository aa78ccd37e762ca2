import { describe, expect, it } from 'vitest';
import { packSeries, unpackSeries } from './packed-series';
import type { DailyClose } from './portfolio/types';
import { utcDay } from './dates';

const packCloses = (closes: readonly DailyClose[]) => packSeries(closes, 'close');
const unpackCloses = (packed: string): DailyClose[] => unpackSeries(packed, 'close');

describe('packed series', () => {
  it('writes the first date, then days since the close before and the close', () => {
    const closes: DailyClose[] = [
      { date: '2024-02-23', close: 4280 },
      { date: '2024-02-26', close: 4230 },
      { date: '2024-02-27', close: 4230 },
    ];
    expect(packCloses(closes)).toBe('2024-02-23|0:4280,3:4230,1:4230');
    expect(unpackCloses(packCloses(closes))).toEqual(closes);
  });

  it('reads back exactly what it packed: split-adjusted fractions, month, year and leap-day crossings', () => {
    const closes: DailyClose[] = [
      { date: '2023-12-29', close: 1234.5678901234 },
      { date: '2024-01-02', close: 0.1 + 0.2 },
      { date: '2024-02-29', close: 5e-7 },
      { date: '2024-03-01', close: 1e21 },
      { date: '2025-03-03', close: 47_325 },
    ];
    const back = unpackCloses(packCloses(closes));
    expect(back).toEqual(closes);
    for (const [i, c] of back.entries()) expect(Object.is(c.close, closes[i]!.close)).toBe(true);
  });

  it('reads each value back under the key it was packed from', () => {
    const band = [
      { date: '2024-10-04', value: 22.21 },
      { date: '2024-10-11', value: 22.15 },
    ];
    expect(packSeries(band, 'value')).toBe('2024-10-04|0:22.21,7:22.15');
    expect(unpackSeries(packSeries(band, 'value'), 'value')).toEqual(band);
  });

  it('packs an empty list to an empty string, and back', () => {
    expect(packCloses([])).toBe('');
    expect(unpackCloses('')).toEqual([]);
  });

  it('is far smaller than the list as JSON', () => {
    const closes: DailyClose[] = Array.from({ length: 700 }, (_, i) => ({
      date: utcDay(new Date(Date.UTC(2024, 0, 1 + i))),
      close: 4000 + (i % 97) * 25,
    }));
    expect(packCloses(closes).length).toBeLessThan(JSON.stringify(closes).length / 4);
  });

  it.each([
    'x',
    '2024-02-23',
    '2024-02-23|0:1|2',
    '2024-02-23|-1:4280',
    '2024-02-23|0:',
    '2024-02-23|0:1:2',
    '2024-13-01|0:1',
    '2024-02-23|0:abc',
    '2024-02-23|1.5:1',
  ])('refuses %j', (packed) => {
    expect(() => unpackCloses(packed)).toThrow(RangeError);
  });
});
