import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTFOLIO_SETTINGS } from './engine';
import { checkDraft, readDraft, type TransactionDraft } from './entry-rules';

const ctx = (emiten: { listingDate: string; delistedAt?: string | null }) => ({
  today: '2021-06-30',
  emiten,
  settings: DEFAULT_PORTFOLIO_SETTINGS,
});
const draft = (over: Partial<TransactionDraft>): TransactionDraft => ({
  date: '2021-03-01',
  ticker: 'ADHI',
  type: 'buy',
  shares: 100,
  price: 1_000,
  fee: null,
  ...over,
});

describe('transaction rules against the market', () => {
  it('judges a price by the grid of its own day: ADHI 3 575 in 2015 is on it, in 2017 it is not', () => {
    expect(
      checkDraft(draft({ date: '2015-06-01', price: 3_575 }), ctx({ listingDate: '2004-03-18' })).warnings,
    ).toEqual([]);
    const later = checkDraft(draft({ date: '2017-06-01', price: 3_575 }), ctx({ listingDate: '2004-03-18' }));
    expect(later.warnings).toEqual([
      expect.stringContaining('di luar fraksi harga BEI pada 1 Juni 2017 (kelipatan Rp'),
    ]);
  });

  it('refuses a trade dated after the delisting, and takes one on or before it', () => {
    const company = { listingDate: '2005-06-22', delistedAt: '2020-04-06' };
    expect(checkDraft(draft({ ticker: 'APOL', date: '2020-04-06', price: 50 }), ctx(company)).fields).toEqual({});
    expect(checkDraft(draft({ ticker: 'APOL', date: '2020-04-07', price: 50 }), ctx(company)).fields).toEqual({
      date: 'APOL sudah delisting (dihapus dari bursa) pada 6 April 2020; transaksi setelah tanggal itu tidak bisa dicatat.',
    });
  });

  it('reads codes as IDX writes them and names the rule when one is malformed', () => {
    const raw = { date: '2021-03-01', type: 'beli', quantity: '1', unit: 'lot', price: '100' };
    expect(readDraft({ ...raw, ticker: 'mamip' }).draft?.ticker).toBe('MAMIP');
    expect(readDraft({ ...raw, ticker: 'abcd-w2' }).draft?.ticker).toBe('ABCD-W2');
    // Rights are recorded against the company's code (tebus_hmetd on BBTN), never bought under BBTN-R.
    expect(readDraft({ ...raw, ticker: 'BBTN-R' }).fields.ticker).toContain('Kode saham "BBTN-R" harus 4 huruf');
    expect(readDraft({ ...raw, ticker: 'BBCA1' }).fields.ticker).toBe(
      'Kode saham "BBCA1" harus 4 huruf (5 untuk saham preferen), misalnya BBCA, atau kode waran seperti ABCD-W.',
    );
  });
});
