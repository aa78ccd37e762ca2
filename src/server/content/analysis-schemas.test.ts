import { describe, expect, it } from 'vitest';
import { analysisSchema, nonEmitenAnalysisSchema, teaserSchema } from './analysis-schemas';

const valid = {
  title: 'BBCA: Uji',
  date: '2026-01-05',
  author: 'Penguji',
  emiten: 'BBCA',
  rating: 'beli',
  targetPrice: 10_000,
  fairValue: 10_100,
  horizon: 12,
  tier: 'reguler',
  summary: 'Ringkasan.',
  dcf: { fcfPerShare: 470, growth: 0.07, years: 10, discountRate: 0.105, terminalGrowth: 0.05 },
};

/** The paths of the issues a frontmatter raises, as Astro prints them (`dcf.discountRate`). */
function failedFields(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? [] : [...new Set((r.error?.issues ?? []).map((i) => i.path.join('.')))];
}

describe('analysis frontmatter', () => {
  it('accepts a complete analysis', () => {
    expect(failedFields(analysisSchema, valid)).toEqual([]);
  });

  it('accepts a well-formed ticker the market data may not hold yet', () => {
    expect(failedFields(analysisSchema, { ...valid, emiten: 'ZZZZ' })).toEqual([]);
  });

  it.each([
    ['a six-letter ticker', { emiten: 'BBCAXY' }, 'emiten'],
    ['a code with an unknown suffix', { emiten: 'BBCA-X' }, 'emiten'],
    ['a lower-case ticker', { emiten: 'bbca' }, 'emiten'],
    ['a "beli" call without target price', { targetPrice: undefined }, 'targetPrice'],
    ['a tier that does not exist', { tier: 'vip' }, 'tier'],
    ['a date that is not a date', { date: 'kemarin sore' }, 'date'],
    ['a rating outside beli/tahan/jual', { rating: 'akumulasi' }, 'rating'],
    ['a fractional target price', { targetPrice: 10_000.5 }, 'targetPrice'],
    ['a discount rate not above terminal growth', { dcf: { ...valid.dcf, discountRate: 0.05 } }, 'dcf.discountRate'],
    ['an unknown field', { tagline: 'x' }, ''],
  ])('refuses %s, naming the field', (_, patch, field) => {
    expect(failedFields(analysisSchema, { ...valid, ...patch })).toEqual([field]);
  });

  it('lets a tahan or jual call go without a target price', () => {
    expect(failedFields(analysisSchema, { ...valid, rating: 'tahan', targetPrice: undefined })).toEqual([]);
  });
});

describe('non-emiten frontmatter', () => {
  const ne = {
    title: 'Uji',
    date: '2026-01-05',
    author: 'Penguji',
    category: 'makro',
    tier: 'premium',
    summary: 'Ringkasan.',
  };
  it('accepts premium only (docs/product.md §1: all non-emiten analyses are premium)', () => {
    expect(failedFields(nonEmitenAnalysisSchema, ne)).toEqual([]);
    expect(failedFields(nonEmitenAnalysisSchema, { ...ne, tier: 'reguler' })).toEqual(['tier']);
    expect(failedFields(nonEmitenAnalysisSchema, { ...ne, category: 'kripto' })).toEqual(['category']);
  });
});

describe('teaser', () => {
  it('needs at least two sections so the gated part is never empty', () => {
    expect(failedFields(teaserSchema, { sections: 2 })).toEqual([]);
    expect(failedFields(teaserSchema, { sections: 1 })).toEqual(['sections']);
  });
});
