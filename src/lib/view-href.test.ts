import { describe, expect, it } from 'vitest';
import { viewHref } from './view-href';

describe('viewHref', () => {
  it('keeps the given parameters in order, leaves out the empty ones and encodes the values', () => {
    expect(
      viewHref('/portofolio/metrics', {
        portofolio: null,
        indeks: 'LQ45',
        periode: 'kustom',
        dari: '2026-01-05',
        sampai: undefined,
      }),
    ).toBe('/portofolio/metrics?indeks=LQ45&periode=kustom&dari=2026-01-05');
    expect(viewHref('/portofolio/dividen', { portofolio: 'a b&c', periode: '1t' })).toBe(
      '/portofolio/dividen?portofolio=a+b%26c&periode=1t',
    );
  });
});
