import { describe, expect, it } from 'vitest';
import { dayChangeLabel, latestCloseDate } from './day-change';

describe('dayChangeLabel', () => {
  it('says "Hari ini" only for a close of today', () => {
    expect(dayChangeLabel('2026-11-20', '2026-11-20')).toBe('Hari ini');
    expect(dayChangeLabel(null, '2026-11-20')).toBe('Hari ini');
  });

  it('names the trading day when the last close is older (before the session ends, a weekend)', () => {
    expect(dayChangeLabel('2026-11-19', '2026-11-20')).toBe('Perubahan 19 Nov 2026');
    expect(dayChangeLabel('2026-11-20', '2026-11-22')).toBe('Perubahan 20 Nov 2026');
  });

  it('takes the latest close among holdings', () => {
    expect(
      latestCloseDate([{ lastCloseDate: '2026-11-18' }, { lastCloseDate: '2026-11-19' }, { lastCloseDate: null }]),
    ).toBe('2026-11-19');
    expect(latestCloseDate([{ lastCloseDate: null }])).toBeNull();
  });
});
