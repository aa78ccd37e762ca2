import { describe, expect, it } from 'vitest';

// APP_NOW fixes the clock outside production; the configuration is read once, so set it first.
process.env.APP_NOW = '2026-11-25T17:00:00Z';
const { now, todayWib } = await import('./clock');

describe('the app clock', () => {
  it('answers APP_NOW, and the WIB day of it (17:00 UTC is already tomorrow in WIB)', () => {
    expect(now().toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(todayWib()).toBe('2026-11-26');
  });
});
