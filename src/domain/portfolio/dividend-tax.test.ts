import { describe, expect, it } from 'vitest';
import { assumedRecordingDate, decisionKey, holdUntil, investDeadline, selfPayDeadline } from './dividend-tax';
import { computePortfolio } from './engine';
import { input, tx } from './test-support';
import type { CorporateAction, DividendDecision, PortfolioSettings, Transaction } from './types';

const BY_DATE: Partial<PortfolioSettings> = { dividendTaxRule: 'by_date', dividendTaxPct: 10 };

// TLKM pays Rp 100 a share on 20 May 2026; 10 000 shares held → Rp 1.000.000 gross.
const tlkm2026: CorporateAction = {
  ticker: 'TLKM',
  type: 'dividend',
  cumDate: '2026-04-28',
  exDate: '2026-04-29',
  recordingDate: '2026-04-30',
  paymentDate: '2026-05-20',
  amount: '100',
};
const holdTlkm = tx({ ticker: 'TLKM', date: '2026-01-05', type: 'buy', shares: 10_000, price: 3_000 });
const KEY = decisionKey('p1', 'ca:TLKM:2026-04-28');

function run(trades: Transaction[], decision?: DividendDecision, asOf = '2026-12-31') {
  const r = computePortfolio({
    ...input({ transactions: trades, actions: [tlkm2026], settings: { p1: BY_DATE }, asOf }),
    dividendDecisions: decision ? new Map([[KEY, decision]]) : undefined,
  });
  return { r, d: r.dividends.records.find((x) => x.ticker === 'TLKM')! };
}

const buyBbca = (date: string, shares: number) => tx({ ticker: 'BBCA', date, type: 'buy', shares, price: 10_000 });
const sellBbca = (date: string, shares: number) => tx({ ticker: 'BBCA', date, type: 'sell', shares, price: 10_500 });

describe('dividend tax deadlines', () => {
  it.each([
    ['2026-05-20', '2026-06-15', '2027-03-31', '2028-12-31'],
    ['2025-12-03', '2026-01-15', '2026-03-31', '2027-12-31'],
  ])('a dividend paid %s: self-payment by %s, investment by %s, held through %s', (paid, self, invest, hold) => {
    expect([selfPayDeadline(paid), investDeadline(paid), holdUntil(paid)]).toEqual([self, invest, hold]);
  });

  it('takes the recording date as two weekdays after the cum date when the data has none', () => {
    expect(assumedRecordingDate('2021-02-25')).toBe('2021-03-01'); // Thursday → Monday
    expect(assumedRecordingDate('2021-02-24')).toBe('2021-02-26');
  });
});

describe('dividend tax by recording date and by the member’s choice', () => {
  it('withholds 10 % final from a 2020 dividend', () => {
    const r = computePortfolio(
      input({
        transactions: [tx({ ticker: 'BBRI', date: '2020-03-02', type: 'buy', shares: 1_000, price: 4_000 })],
        actions: [
          {
            ticker: 'BBRI',
            type: 'dividend',
            cumDate: '2020-03-27',
            exDate: '2020-03-30',
            paymentDate: '2020-04-20',
            amount: '168.1',
          },
        ],
        settings: { p1: BY_DATE },
        asOf: '2020-12-31',
      }),
    );
    expect(r.dividends.records).toMatchObject([
      { treatment: 'withheld', gross: 168_100, tax: 16_810, net: 151_290, taxDetail: null },
    ]);
  });

  it('keeps a fixed rate for a portfolio that is not a resident individual’s', () => {
    const r = computePortfolio(
      input({
        transactions: [holdTlkm],
        actions: [tlkm2026],
        settings: { p1: { dividendTaxRule: 'fixed', dividendTaxPct: 10 } },
        asOf: '2026-12-31',
      }),
    );
    expect(r.dividends.records).toMatchObject([
      { treatment: 'fixed', gross: 1_000_000, tax: 100_000, taxDetail: null },
    ]);
  });

  it('receives a 2026 dividend gross; undecided, Rp 100.000 is due by 15 June 2026', () => {
    const { r, d } = run([holdTlkm]);
    expect(d).toMatchObject({ treatment: 'gross', gross: 1_000_000, tax: 0, net: 1_000_000 });
    expect(d.taxDetail).toMatchObject({
      choice: 'undecided',
      due: 100_000,
      selfPayDeadline: '2026-06-15',
      investDeadline: '2027-03-31',
      holdUntil: '2028-12-31',
    });
    expect(r.summary.dividendsNet).toBe(1_000_000);
  });

  it('counts the 10 % the member paid themselves in the net dividend', () => {
    const { r, d } = run([holdTlkm], { choice: 'self_paid', paidDate: '2026-06-10' });
    expect(d).toMatchObject({ tax: 100_000, net: 900_000 });
    expect(d.taxDetail).toMatchObject({ choice: 'self_paid', paidDate: '2026-06-10', due: 0 });
    expect(r.summary.dividendsNet).toBe(900_000);
  });

  it('exempts a dividend fully covered by a later IDX buy, showing the deadlines', () => {
    const { d } = run([holdTlkm, buyBbca('2026-06-02', 100)], { choice: 'reinvested', paidDate: null });
    expect(d).toMatchObject({ tax: 0, net: 1_000_000 });
    expect(d.taxDetail).toMatchObject({
      choice: 'reinvested',
      covered: 1_000_000,
      due: 0,
      investDeadline: '2027-03-31',
      holdUntil: '2028-12-31',
      flagged: false,
      coverage: [{ ticker: 'BBCA', date: '2026-06-02', amount: 1_000_000, shares: 100 }],
    });
  });

  it('leaves Rp 40.000 due when Rp 600.000 is reinvested', () => {
    const { d } = run([holdTlkm, buyBbca('2026-06-02', 60)], { choice: 'reinvested', paidDate: null });
    expect(d.taxDetail).toMatchObject({ covered: 600_000, due: 40_000, selfPayDeadline: '2026-06-15' });
  });

  it('does not count buys on or before the payment date, nor after the investment deadline', () => {
    const { d } = run(
      [holdTlkm, buyBbca('2026-05-20', 100), buyBbca('2027-04-01', 100)],
      {
        choice: 'reinvested',
        paidDate: null,
      },
      '2027-06-30',
    );
    expect(d.taxDetail).toMatchObject({ covered: 0, due: 100_000, coverage: [] });
  });

  it('flags the dividend when the covering shares are sold inside the holding term', () => {
    const { d } = run(
      [holdTlkm, buyBbca('2026-06-02', 100), sellBbca('2027-06-01', 40)],
      {
        choice: 'reinvested',
        paidDate: null,
      },
      '2027-12-31',
    );
    expect(d.taxDetail).toMatchObject({ covered: 1_000_000, flagged: true });
  });

  it('does not flag sales of shares beyond the covering ones, nor sales after the term', () => {
    const partial = run(
      [holdTlkm, buyBbca('2026-06-02', 150), sellBbca('2027-06-01', 50)],
      {
        choice: 'reinvested',
        paidDate: null,
      },
      '2027-12-31',
    );
    expect(partial.d.taxDetail).toMatchObject({ covered: 1_000_000, flagged: false });
    const late = run(
      [holdTlkm, buyBbca('2026-06-02', 100), sellBbca('2029-01-02', 100)],
      {
        choice: 'reinvested',
        paidDate: null,
      },
      '2029-01-31',
    );
    expect(late.d.taxDetail).toMatchObject({ flagged: false });
  });

  it('lets one buy cover two dividends only up to what was paid for it, oldest dividend first', () => {
    const second: CorporateAction = {
      ...tlkm2026,
      cumDate: '2026-06-10',
      exDate: '2026-06-11',
      recordingDate: null,
      paymentDate: '2026-06-25',
    };
    const r = computePortfolio({
      ...input({
        transactions: [holdTlkm, buyBbca('2026-07-01', 150)],
        actions: [tlkm2026, second],
        settings: { p1: BY_DATE },
        asOf: '2026-12-31',
      }),
      dividendDecisions: new Map([
        [KEY, { choice: 'reinvested', paidDate: null }],
        [decisionKey('p1', 'ca:TLKM:2026-06-10'), { choice: 'reinvested', paidDate: null }],
      ]),
    });
    expect(r.dividends.records.map((x) => [x.paymentDate, x.taxDetail?.covered, x.taxDetail?.due])).toEqual([
      ['2026-05-20', 1_000_000, 0],
      ['2026-06-25', 500_000, 50_000],
    ]);
  });
});
