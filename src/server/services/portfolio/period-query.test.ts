import { describe, expect, it } from 'vitest';
import { API_PARAMS, PAGE_PARAMS, parsePeriodQuery } from './period-query';

const TODAY = '2026-11-20';
const parse = (q: string, names = API_PARAMS) => parsePeriodQuery(new URLSearchParams(q), names, TODAY);

describe('parsePeriodQuery', () => {
  it.each([
    ['', { ok: true, period: null, range: null }],
    ['period=1B', { ok: true, period: '1b', range: null }],
    ['period=3b', { ok: true, period: '3b', range: null }],
    ['from=2025-01-01&to=2025-03-31', { ok: true, period: 'kustom', range: { from: '2025-01-01', to: '2025-03-31' } }],
    ['period=kustom&from=2025-01-01', { ok: true, period: 'kustom', range: { from: '2025-01-01', to: null } }],
  ])('reads "%s"', (q, expected) => {
    expect(parse(q)).toEqual(expected);
  });

  it.each([
    ['period=2t', 'period'],
    ['period=1t&from=2025-01-01', 'from'],
    ['from=2025-02-30', 'from'],
    ['to=31-01-2025', 'to'],
    ['from=2025-03-01&to=2025-01-01', 'to'],
    ['from=2026-12-01', 'from'],
  ])('refuses "%s", naming %s', (q, field) => {
    expect(parse(q)).toMatchObject({ ok: false, field });
  });

  it('reads the page parameter names', () => {
    expect(parse('periode=kustom&dari=2025-01-01&sampai=2025-02-01', PAGE_PARAMS)).toMatchObject({
      ok: true,
      range: { from: '2025-01-01', to: '2025-02-01' },
    });
    expect(parse('dari=kemarin', PAGE_PARAMS)).toMatchObject({ ok: false, field: 'dari' });
  });
});
