import { describe, expect, it } from 'vitest';
import { IHSG_CODE, indexCode, MARKET_INDEXES } from './indexes';

describe('market indexes', () => {
  it.each([
    ['IHSG', IHSG_CODE],
    ['composite', IHSG_CODE],
    [' lq45 ', 'LQ45'],
    ['IDX30', 'IDX30'],
    ['jii', 'JII'],
  ])('reads %s as %s', (name, code) => {
    expect(indexCode(name)).toBe(code);
  });

  it('does not take a stock ticker for an index', () => {
    expect(indexCode('BBCA')).toBeUndefined();
    expect(indexCode('')).toBeUndefined();
  });

  it('stores every index under one of its own aliases', () => {
    for (const i of MARKET_INDEXES) expect(i.aliases).toContain(i.code);
  });
});
