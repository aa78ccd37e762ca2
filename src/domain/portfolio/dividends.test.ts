import { describe, expect, it } from 'vitest';
import { computePortfolio } from './engine';
import { BBRI_DIVIDEND_2024, input, tx } from './test-support';
import type { CorporateAction } from './types';

const dividend = BBRI_DIVIDEND_2024;
const buy = (portfolioId: string, date: string, shares = 150) =>
  tx({ portfolioId, ticker: 'BBRI', date, type: 'buy', shares, price: 4_000 });

describe('cash dividends (entitled at the end of the cum date)', () => {
  it('entitles a buy on the cum date and not a buy the day after, with 10 % and 0 % tax', () => {
    const r = computePortfolio(
      input({
        transactions: [buy('cum', '2024-05-10'), buy('exdate', '2024-05-13'), buy('notax', '2024-05-10')],
        actions: [dividend],
        settings: { notax: { dividendTaxPct: 0 } },
        asOf: '2024-06-03',
      }),
    );
    // 150 × 123,5 = 18 525 gross; 10 %: 1 852,5 → 1 853 tax, 16 672 net
    expect(r.dividends.records.map((d) => [d.portfolioId, d.shares, d.gross, d.tax, d.net, d.status])).toEqual([
      ['cum', 150, 18_525, 1_853, 16_672, 'received'],
      ['notax', 150, 18_525, 0, 18_525, 'received'],
    ]);
    expect(r.dividends.received).toEqual({ gross: 37_050, tax: 1_853, net: 35_197 });
    expect(r.dividends.byYear).toEqual([{ year: 2024, gross: 37_050, tax: 1_853, net: 35_197 }]);
    expect(r.summary.dividendsNet).toBe(35_197);
  });

  it('entitles shares sold on the ex date but not shares sold on the cum date', () => {
    const r = computePortfolio(
      input({
        transactions: [
          buy('keeps', '2024-05-02'),
          tx({ portfolioId: 'keeps', ticker: 'BBRI', date: '2024-05-13', type: 'sell', shares: 150, price: 3_900 }),
          buy('sold', '2024-05-02'),
          tx({ portfolioId: 'sold', ticker: 'BBRI', date: '2024-05-10', type: 'sell', shares: 150, price: 4_100 }),
        ],
        actions: [dividend],
        asOf: '2024-06-03',
      }),
    );
    expect(r.dividends.records.map((d) => d.portfolioId)).toEqual(['keeps']);
  });

  it('shows an entitled dividend as upcoming until its payment date', () => {
    const r = computePortfolio(
      input({ transactions: [buy('p1', '2024-05-02')], actions: [dividend], asOf: '2024-05-20' }),
    );
    expect(r.dividends.records).toMatchObject([
      { status: 'upcoming', estimated: false, net: 16_672, amountPerShare: '123.5' },
    ]);
    expect(r.dividends.received.net).toBe(0);
    expect(r.dividends.upcoming.net).toBe(16_672);
  });

  it('estimates a dividend whose cum date is still ahead from the shares held at as-of', () => {
    const r = computePortfolio(
      input({ transactions: [buy('p1', '2024-05-02', 200)], actions: [dividend], asOf: '2024-05-08' }),
    );
    expect(r.dividends.records).toMatchObject([{ status: 'upcoming', estimated: true, shares: 200, gross: 24_700 }]);
  });

  it('records manual dividends as received cash, taxed per the setting', () => {
    const manual = tx({ ticker: 'TLKM', date: '2024-04-01', type: 'dividend', shares: 1_000, price: 167.52 });
    const r = computePortfolio(input({ transactions: [manual], asOf: '2024-06-03' }));
    // 1 000 × 167,52 = 167 520; tax 16 752
    expect(r.dividends.records).toMatchObject([
      { source: 'manual', transactionId: manual.id, gross: 167_520, tax: 16_752, net: 150_768 },
    ]);
    expect(r.holdings.combined).toEqual([]);
  });

  it('counts the net dividend in value from the ex date and pays it out on the payment date', () => {
    const d: CorporateAction = {
      ticker: 'BBRI',
      type: 'dividend',
      cumDate: '2024-05-02',
      exDate: '2024-05-03',
      paymentDate: '2024-05-07',
      amount: 50,
    };
    const r = computePortfolio(
      input({
        transactions: [tx({ ticker: 'BBRI', date: '2024-05-02', type: 'buy', shares: 100, price: 1_000 })],
        prices: {
          BBRI: [
            ['2024-05-02', 1_000],
            ['2024-05-03', 950],
            ['2024-05-06', 950],
            ['2024-05-07', 950],
          ],
        },
        actions: [d],
        asOf: '2024-05-07',
      }),
    );
    // net 100 × 50 − 10 % = 4 500: value 95 000 + 4 500 until paid, then an outflow of 4 500
    expect(r.series.map((p) => [p.date, p.value, p.outflow])).toEqual([
      ['2024-05-02', 100_000, 0],
      ['2024-05-03', 99_500, 0],
      ['2024-05-06', 99_500, 0],
      ['2024-05-07', 95_000, 4_500],
    ]);
    expect(r.series[3]!.dailyReturn).toBe(0);
    // The only loss is the tax: −0,5 %
    expect(r.performance.timeWeightedReturn).toBeCloseTo(-0.005, 12);
  });

  it('yields on cost over the last 365 days', () => {
    const r = computePortfolio(
      input({ transactions: [buy('p1', '2024-05-02')], actions: [dividend], asOf: '2024-06-03' }),
    );
    expect(r.dividends.yieldOnCost).toBeCloseTo(16_672 / 600_000, 12);
  });
});

describe('a dividend entitled and not yet paid in the total return', () => {
  it('counts from the end of the cum date, as the value series does, until it is paid', () => {
    const at = (asOf: string) =>
      computePortfolio(input({ transactions: [buy('p', '2024-05-02')], actions: [dividend], asOf })).summary;
    const before = at('2024-05-09');
    expect(before.dividendsReceivable).toBe(0);
    const owed = at('2024-05-20');
    expect(owed.dividendsReceivable).toBe(16_672);
    expect(owed.dividendsNet).toBe(0);
    expect(owed.totalReturn).toBe(owed.realised + owed.unrealised + 16_672);
    const paid = at('2024-06-03');
    expect(paid.dividendsReceivable).toBe(0);
    expect(paid.dividendsNet).toBe(16_672);
  });
});
