import { describe, expect, it } from 'vitest';
import { shareChange, tx } from './test-support';
import { findFirstOversell, findOversells } from './validation';

const split = shareChange;

describe('findFirstOversell', () => {
  const buy = tx({ id: 'buy', date: '2024-01-02', type: 'buy', shares: 100, price: 1_000 });
  const sell60 = tx({ id: 'sell60', date: '2024-02-01', type: 'sell', shares: 60, price: 1_100 });
  const sell50 = tx({ id: 'sell50', date: '2024-03-01', type: 'sell', shares: 50, price: 1_200 });

  it('passes a history where every sell is covered', () => {
    expect(findFirstOversell([buy, sell60], [])).toBeNull();
  });

  it('names the first sell that exceeds the shares held on its date', () => {
    expect(findFirstOversell([buy, sell60, sell50], [])).toEqual({
      transactionId: 'sell50',
      portfolioId: 'p1',
      date: '2024-03-01',
      ticker: 'BBCA',
      shares: 50,
      held: 40,
    });
  });

  it('refuses deleting a buy that a later sell needs', () => {
    expect(findFirstOversell([sell60], [])?.transactionId).toBe('sell60');
  });

  it('refuses an edit that moves a buy after the sell', () => {
    expect(findFirstOversell([{ ...buy, date: '2024-02-02' }, sell60], [])).toMatchObject({
      transactionId: 'sell60',
      held: 0,
    });
  });

  it('counts a split between the buy and the sell', () => {
    const sell150 = tx({ id: 'sell150', date: '2024-03-01', type: 'sell', shares: 150, price: 600 });
    expect(findFirstOversell([buy, sell150], [])?.transactionId).toBe('sell150');
    expect(findFirstOversell([buy, sell150], [split('2024-02-15', 1, 2)])).toBeNull();
    // a split on the sell's own date applies before it
    expect(findFirstOversell([buy, sell150], [split('2024-03-01', 1, 2)])).toBeNull();
    // a split after the sell does not help it
    expect(findFirstOversell([buy, sell150], [split('2024-03-04', 1, 2)])?.transactionId).toBe('sell150');
  });

  it('counts reverse splits and bonus shares', () => {
    expect(findFirstOversell([buy, sell60], [split('2024-01-15', 2, 1, 'reverse_split')])).toMatchObject({
      transactionId: 'sell60',
      held: 50,
    });
    const sell105 = tx({ id: 'sell105', date: '2024-03-01', type: 'sell', shares: 105, price: 1_000 });
    expect(findFirstOversell([buy, sell105], [split('2024-02-15', 20, 1, 'bonus')])).toBeNull();
  });

  it('keeps tickers and portfolios apart and ignores dividends', () => {
    const other = tx({ id: 'other', portfolioId: 'p2', date: '2024-02-01', type: 'sell', shares: 10, price: 1_000 });
    const tlkm = tx({ id: 'tlkm', ticker: 'TLKM', date: '2024-02-01', type: 'sell', shares: 10, price: 1_000 });
    const dividend = tx({ id: 'div', ticker: 'TLKM', date: '2024-01-03', type: 'dividend', shares: 10, price: 50 });
    expect(findFirstOversell([buy, dividend, tlkm], [])?.transactionId).toBe('tlkm');
    expect(findFirstOversell([buy, other], [])?.transactionId).toBe('other');
  });

  it('takes same-day transactions in the order given', () => {
    const sameDayBuy = { ...buy, date: '2024-02-01' };
    expect(findFirstOversell([sameDayBuy, sell60], [])).toBeNull();
    expect(findFirstOversell([sell60, sameDayBuy], [])?.transactionId).toBe('sell60');
  });
});

describe('findOversells', () => {
  it('lists every oversell, the holding stopping at zero after each', () => {
    const list = [
      tx({ id: 'b', date: '2024-01-02', type: 'buy', shares: 100, price: 1_000 }),
      tx({ id: 's1', date: '2024-02-01', type: 'sell', shares: 150, price: 1_000 }),
      tx({ id: 'b2', date: '2024-02-02', type: 'buy', shares: 100, price: 1_000 }),
      tx({ id: 's2', date: '2024-02-03', type: 'sell', shares: 100, price: 1_000 }),
      tx({ id: 's3', date: '2024-02-04', type: 'sell', shares: 1, price: 1_000 }),
    ];
    expect(findOversells(list, []).map((o) => [o.transactionId, o.held])).toEqual([
      ['s1', 100],
      ['s3', 0],
    ]);
  });
});
