import { describe, expect, it } from 'vitest';
import { rangeLabel, sliceRange, targetSteps } from './chart-range';

describe('chart ranges', () => {
  it('sliceRange keeps the points after the range start', () => {
    const pts = ['2025-11-19', '2025-11-20', '2025-11-21', '2026-10-20', '2026-10-21', '2026-11-20'].map((date) => ({
      date,
    }));
    expect(sliceRange(pts, '1B').map((p) => p.date)).toEqual(['2026-10-21', '2026-11-20']);
    expect(sliceRange(pts, '1T').map((p) => p.date)).toEqual(['2025-11-21', '2026-10-20', '2026-10-21', '2026-11-20']);
    expect(sliceRange(pts, '5T')).toHaveLength(6);
    expect(sliceRange([], '1T')).toEqual([]);
  });

  it('targetSteps carries the earlier target in and extends the last one', () => {
    const targets = [
      { date: '2024-10-28', price: 11_000 },
      { date: '2026-02-03', price: 10_700 },
      { date: '2026-10-26', price: 10_400 },
    ];
    expect(targetSteps(targets, '2025-11-21', '2026-11-20')).toEqual([
      { date: '2025-11-21', price: 11_000 },
      { date: '2026-02-03', price: 10_700 },
      { date: '2026-10-26', price: 10_400 },
      { date: '2026-11-20', price: 10_400 },
    ]);
    expect(targetSteps(targets, '2026-10-21', '2026-11-20')).toEqual([
      { date: '2026-10-21', price: 10_700 },
      { date: '2026-10-26', price: 10_400 },
      { date: '2026-11-20', price: 10_400 },
    ]);
    expect(targetSteps([], '2026-01-01', '2026-11-20')).toEqual([]);
    expect(targetSteps([{ date: '2027-01-01', price: 1 }], '2026-01-01', '2026-11-20')).toEqual([]);
  });
});

describe('rangeLabel', () => {
  it('names the range when the data reaches back that far', () => {
    expect(rangeLabel('2021-11-01', '2026-11-20', '5T')).toBe('5 tahun');
    expect(rangeLabel('2023-11-24', '2026-11-20', '3T')).toBe('3 tahun');
  });
  it('is null when the data is shorter than the range, so the caption names the first date', () => {
    expect(rangeLabel('2023-11-20', '2026-11-20', '5T')).toBeNull();
    expect(rangeLabel(undefined, '2026-11-20', '1T')).toBeNull();
  });
});
