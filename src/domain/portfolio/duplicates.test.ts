import { describe, expect, it } from 'vitest';
import { findCoveredDividends } from './duplicates';
import { computePortfolio } from './engine';
import { BBRI_DIVIDEND_2024, input, tx } from './test-support';
import type { CorporateAction } from './types';

const dividend = BBRI_DIVIDEND_2024;
const buy = (portfolioId: string, date: string, shares = 200) =>
  tx({ portfolioId, ticker: 'BBRI', date, type: 'buy', shares, price: 4_000 });
const manual = (portfolioId: string, date: string, id = `m-${portfolioId}-${date}`) =>
  tx({ id, portfolioId, ticker: 'BBRI', date, type: 'dividend', shares: 200, price: 123.5 });

describe('manual dividends the corporate-action data already pays', () => {
  it('are covered only for an entitled portfolio on the payment date', () => {
    const transactions = [
      buy('held', '2024-05-02'),
      manual('held', '2024-05-31'),
      manual('held', '2024-05-30', 'other-day'),
      buy('late', '2024-05-13'),
      manual('late', '2024-05-31'),
    ];
    expect(findCoveredDividends(transactions, [dividend])).toEqual([
      {
        transactionId: 'm-held-2024-05-31',
        portfolioId: 'held',
        ticker: 'BBRI',
        date: '2024-05-31',
        amountPerShare: '123.5',
      },
    ]);
  });

  it('follows a split between the buy and the cum date, and a full sell before it', () => {
    const split: CorporateAction = {
      ticker: 'BBRI',
      type: 'split',
      cumDate: '2024-04-01',
      exDate: '2024-04-02',
      ratioFrom: 1,
      ratioTo: 2,
    };
    const sold = [
      buy('p1', '2024-03-01'),
      tx({ ticker: 'BBRI', date: '2024-05-03', type: 'sell', shares: 400, price: 2_000 }),
    ];
    expect(findCoveredDividends([...sold, manual('p1', '2024-05-31')], [split, dividend])).toEqual([]);
    expect(findCoveredDividends([buy('p1', '2024-03-01'), manual('p1', '2024-05-31')], [split, dividend])).toHaveLength(
      1,
    );
  });

  it('are ignored by the engine, which counts the corporate action once and reports the entry', () => {
    const entry = manual('p1', '2024-05-31');
    const r = computePortfolio(
      input({ transactions: [buy('p1', '2024-05-02'), entry], actions: [dividend], asOf: '2024-06-03' }),
    );
    // 200 × 123,5 = 24 700 gross, 2 470 tax: paid once.
    expect(r.dividends.records.map((d) => [d.source, d.net])).toEqual([['corporate_action', 22_230]]);
    expect(r.summary.dividendsNet).toBe(22_230);
    expect(r.issues).toEqual([
      { kind: 'duplicate_dividend', transactionId: entry.id, portfolioId: 'p1', ticker: 'BBRI', date: '2024-05-31' },
    ]);
  });

  it('leaves a manual dividend the data does not know untouched', () => {
    const entry = manual('p1', '2024-08-30');
    const r = computePortfolio(
      input({ transactions: [buy('p1', '2024-05-02'), entry], actions: [dividend], asOf: '2024-09-02' }),
    );
    expect(r.dividends.records.map((d) => d.source)).toEqual(['corporate_action', 'manual']);
    expect(r.issues).toEqual([]);
  });
});
