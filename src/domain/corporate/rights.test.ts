import { describe, expect, it } from 'vitest';
import { floorToTick } from '../idx';
import { dilution, lapsedValue, rightsEntitlement, terpOnTick, theoreticalExRightsPrice } from './rights';

describe('rights entitlement (rounded down)', () => {
  it.each([
    // issue #24's fixture: 1 000 × 2 308 ÷ 10 000 = 230,8 → 230
    [1_000, 10_000, 2_308, 230],
    // SMGR 2022 (100 000 000 : 14 266 416): 1 000 × 0,14266416 = 142,66 → 142
    [1_000, 100_000_000, 14_266_416, 142],
    // BBHI 2021 (125 : 224): 125 shares → 224 rights exactly
    [125, 125, 224, 224],
    [99, 10_000, 2_308, 22],
    [0, 10_000, 2_308, 0],
  ])('%i shares at %i : %i → %i rights', (shares, from, to, rights) => {
    expect(rightsEntitlement(shares, from, to)).toBe(rights);
  });

  it('stays exact beyond 2^53', () => {
    expect(rightsEntitlement(1e12, 100_000_000, 14_266_416)).toBe(142_664_160_000);
  });
});

describe('theoretical ex-rights price, as IDX announced it', () => {
  it.each([
    // SMGR, Bisnis.com 13-12-2022: (6 750 × 100 000 000 + 6 600 × 14 266 416) ÷ 114 266 416 = 6 731,272 → 6 725
    ['SMGR', 6_750, 100_000_000, 14_266_416, 6_600, 6_731.272, 6_725],
    // BBHI, IDX Channel 09-07-2021: (4 670 × 125 + 100 × 224) ÷ 349 = 1 736,819 → 1 735
    ['BBHI', 4_670, 125, 224, 100, 1_736.819, 1_735],
    // DNAR, Bisnis.com 10-10-2021: (268 × 9 + 197 × 2) ÷ 11 = 255,091 → 256 (nearest; rounding down gives 254)
    ['DNAR', 268, 9, 2, 197, 255.091, 256],
    // issue #24's 10 000 : 2 308 with cum 7 700 and exercise 2 534 (on-tick pair giving 6 731,27)
    ['issue', 7_700, 10_000, 2_308, 2_534, 6_731.27, 6_725],
  ])('%s: TERP %d → on the grid', (_name, cum, ratioFrom, ratioTo, exercisePrice, terp, onTick) => {
    const t = { ratioFrom, ratioTo, exercisePrice };
    expect(theoreticalExRightsPrice(cum, t)).toBeCloseTo(terp, 2);
    expect(terpOnTick(cum, t)).toBe(onTick);
  });

  it('is not a round-down: DNAR shows why', () => {
    const t = { ratioFrom: 9, ratioTo: 2, exercisePrice: 197 };
    expect(floorToTick(theoreticalExRightsPrice(268, t))).toBe(254);
    expect(terpOnTick(268, t)).toBe(256);
  });
});

describe('lapse', () => {
  it('dilution and the value given up', () => {
    const t = { ratioFrom: 10_000, ratioTo: 2_308, exercisePrice: 2_534 };
    expect(dilution(t)).toBeCloseTo(2_308 / 12_308, 12); // 18,75 %
    // 230 rights × (6 725 − 2 534) = 963 930
    expect(lapsedValue(230, 6_725, 2_534)).toBe(963_930);
    expect(lapsedValue(230, 2_000, 2_534)).toBe(0);
  });
});
