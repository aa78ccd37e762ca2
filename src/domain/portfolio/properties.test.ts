import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDayNumber, toDayNumber } from '../dates';
import { computePortfolio } from './engine';
import { input } from './test-support';
import type { CorporateAction, Transaction } from './types';
import { findFirstOversell } from './validation';

const START = toDayNumber('2023-01-02');
const TICKERS = ['BBCA', 'TLKM', 'ASII'];

const trade = fc.record({
  ticker: fc.constantFrom(...TICKERS),
  shares: fc.integer({ min: 1, max: 1_000_000 }),
  price: fc.integer({ min: 1, max: 50_000 }),
  fee: fc.integer({ min: 0, max: 100_000 }),
});

function dated(
  rows: { ticker: string; shares: number; price: number; fee: number }[],
  type: Transaction['type'],
  from: number,
): Transaction[] {
  return rows.map((r, i) => ({ id: `${type}${i}`, portfolioId: 'p1', date: fromDayNumber(from + i), type, ...r }));
}

describe('properties', () => {
  it('buying then selling everything leaves nothing and realises proceeds minus cost', () => {
    fc.assert(
      fc.property(
        fc.array(trade, { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1 }),
        fc.boolean(),
        (buys, chunks, feesInAverage) => {
          const buyTx = dated(buys, 'buy', START);
          const held = new Map<string, number>();
          for (const b of buys) held.set(b.ticker, (held.get(b.ticker) ?? 0) + b.shares);
          // Sell each ticker in up to `chunks` parts.
          const sells: { ticker: string; shares: number; price: number; fee: number }[] = [];
          [...held].forEach(([ticker, shares], k) => {
            const parts = Math.min(chunks[k % chunks.length]!, shares);
            for (let i = 0; i < parts; i++) {
              const part =
                i === parts - 1 ? shares - Math.floor(shares / parts) * (parts - 1) : Math.floor(shares / parts);
              sells.push({ ticker, shares: part, price: 1_000 + k, fee: part % 997 });
            }
          });
          const sellTx = dated(sells, 'sell', START + buys.length);
          const r = computePortfolio(
            input({ transactions: [...buyTx, ...sellTx], settings: { p1: { feesInAverage } }, asOf: '2030-01-01' }),
          );
          const cost = buys.reduce((s, b) => s + b.shares * b.price + b.fee, 0);
          const proceeds = sells.reduce((s, x) => s + x.shares * x.price - x.fee, 0);
          expect(r.holdings.combined).toEqual([]);
          expect(r.summary.remainingCost).toBe(0);
          expect(r.realised.total.total).toBe(proceeds - cost);
          expect(r.issues).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  const step = fc.record({
    type: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
    ticker: fc.constantFrom(...TICKERS),
    shares: fc.integer({ min: 1, max: 5_000 }),
    day: fc.integer({ min: 0, max: 60 }),
  });
  const shareAction = fc.record({
    type: fc.constantFrom<CorporateAction['type']>('split', 'reverse_split', 'bonus'),
    ticker: fc.constantFrom(...TICKERS),
    day: fc.integer({ min: 0, max: 60 }),
    ratioFrom: fc.integer({ min: 1, max: 10 }),
    ratioTo: fc.integer({ min: 1, max: 10 }),
  });

  it('never holds negative shares, and flags exactly the histories the validator refuses', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.array(shareAction, { maxLength: 3 }), (steps, acts) => {
        const transactions: Transaction[] = steps
          .map((s, i) => ({
            id: `t${i}`,
            portfolioId: 'p1',
            date: fromDayNumber(START + s.day),
            ticker: s.ticker,
            type: s.type,
            shares: s.shares,
            price: 1_000,
            fee: 0,
          }))
          .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        const actions: CorporateAction[] = acts.map((a) => ({
          ...a,
          cumDate: fromDayNumber(START + a.day),
          exDate: fromDayNumber(START + a.day),
        }));
        const r = computePortfolio(input({ transactions, actions, asOf: '2030-01-01' }));
        for (const h of [...r.holdings.byPortfolio, ...r.holdings.combined]) expect(h.shares).toBeGreaterThan(0);
        for (const p of r.series) expect(p.value).toBeGreaterThanOrEqual(0);
        const firstOversell = r.issues.find((i) => i.kind === 'oversell');
        expect(findFirstOversell(transactions, actions)?.transactionId).toBe(firstOversell?.transactionId);
      }),
      { numRuns: 200 },
    );
  });
});
