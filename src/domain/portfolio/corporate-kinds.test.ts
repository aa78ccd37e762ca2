/**
 * Rights, warrants and tender offers through the engine (docs/product.md §5.6), every figure by hand.
 * Fixture: 1 000 BBCA bought at 7 000 (cost 7 000 000); a rights issue 10 000 : 2 308 at an exercise
 * price of 2 534 credits 230 rights (TERP 6 731,27 → 6 725).
 */
import { describe, expect, it } from 'vitest';
import { computePortfolio } from './engine';
import { findFirstOversell } from './validation';
import { input, tx } from './test-support';
import type { Transaction } from './types';

const buy = () => tx({ date: '2026-01-05', type: 'buy', shares: 1_000, price: 7_000 });
const asOf = '2026-03-31';

function run(transactions: Transaction[], prices: Record<string, [string, number][]> = {}) {
  return computePortfolio(input({ transactions, prices, asOf }));
}

describe('rights (HMETD)', () => {
  it('exercise: 230 new shares at 2 534 join the average cost', () => {
    const r = run([buy(), tx({ date: '2026-02-10', type: 'rights_exercise', shares: 230, price: 2_534 })], {
      BBCA: [['2026-03-31', 6_725]],
    });
    const [h] = r.holdings.combined;
    // 7 000 000 + 230 × 2 534 = 7 582 820 over 1 230 shares; value 1 230 × 6 725 = 8 271 750
    expect(h).toMatchObject({ shares: 1_230, remainingCost: 7_582_820, marketValue: 8_271_750, unrealised: 688_930 });
    expect(h!.averagePrice).toBeCloseTo(7_582_820 / 1_230, 10);
    expect(r.summary.totalInvested).toBe(7_582_820);
    expect(r.realised.sells).toHaveLength(0);
  });

  it('sale of the rights: the proceeds are all realised (zero cost), the position stays', () => {
    const sale = tx({ date: '2026-02-11', type: 'rights_sale', shares: 230, price: 4_150, fee: 2_386 });
    const r = run([buy(), sale]);
    // 230 × 4 150 = 954 500 − fee 2 386 = 952 114 realised
    expect(r.realised.sells).toEqual([
      expect.objectContaining({ proceeds: 952_114, costRemoved: 0, realised: 952_114, instrument: 'rights' }),
    ]);
    expect(r.realised.total.total).toBe(952_114);
    expect(r.holdings.combined[0]).toMatchObject({ shares: 1_000, remainingCost: 7_000_000 });
  });

  it('lapse: no money, no shares, position unchanged', () => {
    const r = run([buy(), tx({ date: '2026-02-20', type: 'rights_lapse', shares: 230, price: 0 })]);
    expect(r.holdings.combined[0]).toMatchObject({ shares: 1_000, remainingCost: 7_000_000 });
    expect(r.realised.total.total).toBe(0);
    expect(r.summary.totalInvested).toBe(7_000_000);
  });
});

describe('warrants', () => {
  const w = (t: Partial<Transaction> & Pick<Transaction, 'date' | 'type' | 'shares' | 'price'>) =>
    tx({ ticker: 'ABCD-W', ...t });

  it('exercise: warrant cost + exercise price become the cost of the shares', () => {
    const r = run([
      tx({ date: '2026-01-05', ticker: 'ABCD', type: 'buy', shares: 100, price: 600 }),
      w({ date: '2026-01-06', type: 'buy', shares: 500, price: 120 }),
      w({
        date: '2026-02-02',
        type: 'warrant_exercise',
        shares: 500,
        price: 400,
        underlying: 'ABCD',
        sharesReceived: 500,
      }),
    ]);
    const abcd = r.holdings.combined.find((h) => h.ticker === 'ABCD')!;
    // 60 000 (shares) + 60 000 (warrants) + 500 × 400 = 320 000 over 600 shares
    expect(abcd).toMatchObject({ shares: 600, remainingCost: 320_000 });
    expect(r.holdings.combined.find((h) => h.ticker === 'ABCD-W')).toBeUndefined();
    expect(r.realised.sells).toHaveLength(0);
    expect(r.summary.totalInvested).toBe(60_000 + 60_000 + 200_000);
  });

  it('expiry: the warrants go and their cost is a realised loss', () => {
    const r = run([
      w({ date: '2026-01-06', type: 'buy', shares: 300, price: 50 }),
      w({ date: '2026-03-02', type: 'warrant_expiry', shares: 300, price: 0 }),
    ]);
    expect(r.holdings.combined).toHaveLength(0);
    expect(r.realised.sells[0]).toMatchObject({ proceeds: 0, costRemoved: 15_000, realised: -15_000 });
  });

  it('refuses exercising more warrants than held', () => {
    const txs = [
      w({ date: '2026-01-06', type: 'buy', shares: 100, price: 50 }),
      w({
        date: '2026-02-02',
        type: 'warrant_exercise',
        shares: 200,
        price: 400,
        underlying: 'ABCD',
        sharesReceived: 200,
      }),
    ];
    expect(findFirstOversell(txs, [])).toMatchObject({ ticker: 'ABCD-W', held: 100, shares: 200 });
  });

  it('lets the shares from an exercise be sold', () => {
    const txs = [
      w({ date: '2026-01-06', type: 'buy', shares: 100, price: 50 }),
      w({
        date: '2026-02-02',
        type: 'warrant_exercise',
        shares: 100,
        price: 400,
        underlying: 'ABCD',
        sharesReceived: 100,
      }),
      tx({ date: '2026-02-03', ticker: 'ABCD', type: 'sell', shares: 100, price: 500 }),
    ];
    expect(findFirstOversell(txs, [])).toBeNull();
    // 100 × 500 − (5 000 + 40 000) = 5 000
    expect(run(txs).realised.total.total).toBe(5_000);
  });
});

describe('tender offer / buy-back', () => {
  it('is a sell at the offer price in one step', () => {
    const r = run([buy(), tx({ date: '2026-03-02', type: 'tender', shares: 1_000, price: 8_000, fee: 0 })]);
    expect(r.realised.sells[0]).toMatchObject({ proceeds: 8_000_000, costRemoved: 7_000_000, realised: 1_000_000 });
    expect(r.holdings.combined).toHaveLength(0);
  });

  it('cannot tender more than is held', () => {
    expect(
      findFirstOversell([buy(), tx({ date: '2026-03-02', type: 'tender', shares: 1_001, price: 8_000 })], []),
    ).toMatchObject({
      held: 1_000,
    });
  });
});
