import { describe, expect, it } from 'vitest';
import { checkDraft, readDraft, type RuleContext } from './entry-rules';
import { DEFAULT_PORTFOLIO_SETTINGS } from './engine';

const ctx = (extra: Partial<RuleContext> = {}): RuleContext => ({
  today: '2026-11-20',
  emiten: { listingDate: '2000-01-01' },
  settings: DEFAULT_PORTFOLIO_SETTINGS,
  ...extra,
});
const raw = { date: '2026-11-02', ticker: 'BBCA', type: 'beli', quantity: '2', unit: 'lot', price: '8950' };

describe('reading a price that reads two ways', () => {
  it('refuses "1,650" naming both readings, instead of storing Rp 1,65', () => {
    const { draft, fields } = readDraft({ ...raw, price: '1,650' });
    expect(draft).toBeUndefined();
    expect(fields.price).toContain('1.650');
    expect(fields.price).toContain('1,65');
  });
  it('reads the unambiguous forms as before', () => {
    expect(readDraft({ ...raw, price: '1.650' }).draft?.price).toBe(1650);
    expect(readDraft({ ...raw, price: '1650' }).draft?.price).toBe(1650);
    expect(readDraft({ ...raw, price: '187,5' }).draft?.price).toBe(187.5);
    expect(readDraft({ ...raw, price: '12,25' }).draft?.price).toBe(12.25);
  });
});

describe('a price against the day of the trade', () => {
  const day = { low: 8900, high: 9050 };
  it("saves a price a little outside the day's range with a warning", () => {
    const r = checkDraft(readDraft({ ...raw, price: '9100' }).draft!, ctx({ day }));
    expect(r.fields).toEqual({});
    expect(r.warnings.join(' ')).toContain('di luar rentang harga BBCA');
  });
  it("refuses a price far outside the day's range unless confirmed, naming the range", () => {
    const d = readDraft({ ...raw, price: '89,50' }).draft!;
    const refused = checkDraft(d, ctx({ day }));
    expect(refused.fields.price).toMatch(/di luar rentang harga BBCA .*Rp\s?8\.900.*Rp\s?9\.050/);
    const confirmed = checkDraft(d, ctx({ day, priceConfirmed: true }));
    expect(confirmed.fields.price).toBeUndefined();
    expect(confirmed.warnings.join(' ')).toContain('di luar rentang');
  });
  it('accepts a price inside the range, and any price when the day is unknown', () => {
    const d = readDraft(raw).draft!;
    expect(checkDraft(d, ctx({ day })).fields).toEqual({});
    expect(checkDraft(readDraft({ ...raw, price: '89,50' }).draft!, ctx({ day: null })).fields).toEqual({});
  });
});

describe('quantities under a lot', () => {
  it('warns on a buy of 1 share', () => {
    const d = readDraft({ ...raw, quantity: '1', unit: 'lembar' }).draft!;
    expect(checkDraft(d, ctx()).warnings.join(' ')).toMatch(/1 lembar bukan kelipatan 1 lot/);
  });
  it('says nothing for whole lots', () => {
    expect(checkDraft(readDraft(raw).draft!, ctx()).warnings).toEqual([]);
  });
});
