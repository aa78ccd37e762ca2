import { describe, expect, it } from 'vitest';
import { TYPE_LABEL } from '../../lib/labels';
import { computedFee, readDraft, readType } from './entry-rules';
import type { TransactionType } from './types';

const settings = { buyBps: 15, sellBps: 25, dividendTaxPct: 10 as const, feesInAverage: true };

describe('corporate-action kinds at entry (docs/product.md §5.6)', () => {
  it('reads back every label the app writes (form values, CSV export)', () => {
    for (const [type, label] of Object.entries(TYPE_LABEL)) expect(readType(label)).toBe(type);
    expect(readType('Tebus-HMETD')).toBe('rights_exercise');
    expect(readType('buyback')).toBe('tender');
  });

  it('records a lapse and an expiry without a price', () => {
    const { draft, fields } = readDraft({ date: '2026-03-12', ticker: 'SMGR', type: 'hmetd_hangus', shares: '12' });
    expect(fields).toEqual({});
    expect(draft).toMatchObject({ type: 'rights_lapse', price: 0, shares: 12 });
    expect(
      readDraft({ date: '2026-03-12', ticker: 'ABCD-W', type: 'waran kedaluwarsa', shares: '3' }).draft,
    ).toMatchObject({ type: 'warrant_expiry', price: 0 });
  });

  it.each([
    ['tebus waran', 'ABCD', 'Kode ABCD bukan kode waran (contoh: ABCD-W).'],
    ['tebus_hmetd', 'ABCD-W', 'HMETD, dividen dan tender dicatat pada kode sahamnya.'],
    ['beli', 'ABC', 'harus 4 huruf'],
  ])('refuses %s on %s, naming the code field', (type, ticker, message) => {
    const { fields } = readDraft({ date: '2026-03-12', ticker, type, shares: '1', price: '100' });
    expect(fields.ticker).toContain(message);
  });

  it.each<[TransactionType, number]>([
    ['rights_exercise', 150], // buy side: 100 000 × 0,15 %
    ['warrant_exercise', 150],
    ['rights_sale', 250], // sell side: 100 000 × 0,25 %
    ['tender', 250],
    ['rights_lapse', 0],
    ['warrant_expiry', 0],
  ])('fee of %s on Rp 100.000', (type, fee) => {
    expect(computedFee(type, 100, 1_000, settings)).toBe(fee);
  });
});
