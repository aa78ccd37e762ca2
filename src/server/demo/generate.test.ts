import { describe, expect, it } from 'vitest';
import { isOnTick } from '../../domain/idx';
import { UNIVERSE } from './universe';
import { addTradingDays, isTradingDay, nextTradingDay } from './calendar';
import { generateDemoMarket, type DemoMarket, type DemoPrice } from './generate';
import { DEMO_INDEXES } from './prices';
import { DEMO_SPLIT, LOSS_MAKERS, UPCOMING_DIVIDEND_TICKERS } from './profile';

const TODAY = '2026-05-15';
const market = generateDemoMarket(TODAY);
const pricesOf = (m: DemoMarket, ticker: string) => m.prices.filter((p) => p.ticker === ticker);
const closeOn = (rows: DemoPrice[], date: string) => rows.filter((r) => r.date <= date).at(-1)?.close ?? rows[0]!.close;

describe('generateDemoMarket', () => {
  it('is deterministic', () => {
    expect(generateDemoMarket(TODAY)).toEqual(market);
  });

  it('covers the universe over three years of trading days ending at today', () => {
    expect(market.emiten).toHaveLength(UNIVERSE.length);
    expect(market.emiten.length).toBeGreaterThanOrEqual(38);
    expect(market.emiten.every((e) => e.isDemo)).toBe(true);
    expect(market.firstDate).toBe('2023-05-16');
    expect(market.lastDate).toBe('2026-05-13'); // 14 and 15 May 2026 are holidays
    expect(market.index.filter((i) => i.code === 'COMPOSITE').length).toBeGreaterThan(700);
    expect(market.prices.every((p) => isTradingDay(p.date))).toBe(true);
    expect(market.prices.some((p) => p.date.endsWith('-08-17'))).toBe(false);
  });

  it('puts every price on the IDX grid with consistent OHLC and whole-lot volumes', () => {
    const bad = market.prices.filter(
      (p) =>
        ![p.open, p.high, p.low, p.close].every((x) => isOnTick(x)) ||
        p.low > Math.min(p.open, p.close) ||
        p.high < Math.max(p.open, p.close) ||
        p.volume % 100 !== 0 ||
        p.volume <= 0,
    );
    expect(bad).toEqual([]);
  });

  it('ends each series within ±40 % of its base price and starts no earlier than listing', () => {
    for (const u of UNIVERSE) {
      const rows = pricesOf(market, u.ticker);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0]!.date >= u.listingDate).toBe(true);
      const ratio = rows.at(-1)!.close / u.basePrice;
      expect(ratio, u.ticker).toBeGreaterThan(0.6);
      expect(ratio, u.ticker).toBeLessThan(1.4);
    }
  });

  it('keeps each index near its level with two-decimal levels', () => {
    const levels = new Map(DEMO_INDEXES.map((i) => [i.code, i.level]));
    expect(new Set(market.index.map((i) => i.code))).toEqual(new Set(['COMPOSITE', 'LQ45', 'IDX30', 'JII']));
    for (const i of market.index) {
      expect(i.close).toBeGreaterThan(levels.get(i.code)! * 0.65);
      expect(i.close).toBeLessThan(levels.get(i.code)! * 1.45);
      expect(i.low <= Math.min(i.open, i.close) && Math.max(i.open, i.close) <= i.high).toBe(true);
      expect(Math.round(i.close * 100) / 100).toBe(i.close);
    }
  });

  it('has one split, with prices halving on its ex date', () => {
    const splits = market.actions.filter((a) => a.type === 'split');
    expect(splits).toHaveLength(1);
    const split = splits[0]!;
    expect(split).toMatchObject({ ticker: DEMO_SPLIT.ticker, ratioFrom: 1, ratioTo: 2 });
    expect(split.exDate).toBe(nextTradingDay(split.cumDate));
    const rows = pricesOf(market, split.ticker);
    const ratio = closeOn(rows, split.cumDate) / closeOn(rows, split.exDate);
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
  });

  it('dates dividends on the settlement cycle, with upcoming ones for portfolio tickers', () => {
    const dividends = market.actions.filter((a) => a.type === 'dividend');
    expect(new Set(dividends.map((d) => d.ticker)).size).toBeGreaterThanOrEqual(30);
    for (const d of dividends) {
      expect(d.exDate).toBe(nextTradingDay(d.cumDate));
      expect(d.recordingDate).toBe(nextTradingDay(d.exDate));
      expect(d.paymentDate! >= addTradingDays(d.recordingDate!, 10)).toBe(true);
      expect(d.paymentDate! <= addTradingDays(d.recordingDate!, 18)).toBe(true);
      expect(Number(d.amount)).toBeGreaterThan(0);
    }
    // No ticker has two dividends with the same note (e.g. two "final 2026").
    const notes = dividends.map((d) => `${d.ticker} ${d.note}`);
    expect(notes.filter((n, i) => notes.indexOf(n) !== i)).toEqual([]);
    for (const late of [generateDemoMarket('2026-11-20')]) {
      const lateNotes = late.actions.filter((a) => a.type === 'dividend').map((d) => `${d.ticker} ${d.note}`);
      expect(lateNotes.filter((n, i) => lateNotes.indexOf(n) !== i)).toEqual([]);
    }
    const upcoming = dividends.filter((d) => d.cumDate > TODAY).map((d) => d.ticker);
    expect(upcoming.sort()).toEqual([...UPCOMING_DIVIDEND_TICKERS].sort());
  });

  it('pays annual yields of roughly 1–8 %', () => {
    for (const d of market.actions.filter((a) => a.type === 'dividend' && a.cumDate <= TODAY)) {
      const yieldPct = (100 * Number(d.amount)) / closeOn(pricesOf(market, d.ticker), d.cumDate);
      expect(yieldPct, `${d.ticker} ${d.cumDate}`).toBeGreaterThan(0.2);
      expect(yieldPct, `${d.ticker} ${d.cumDate}`).toBeLessThan(9);
    }
  });

  it('gives 12 quarters of fundamentals with plausible PER and PBV', () => {
    for (const u of UNIVERSE) {
      const rows = market.fundamentals.filter((f) => f.ticker === u.ticker);
      expect(rows).toHaveLength(12);
      const last = rows.at(-1)!;
      const price = closeOn(pricesOf(market, u.ticker), last.periodEnd);
      const pbv = price / Number(last.bvps);
      expect(pbv, u.ticker).toBeGreaterThan(0.5);
      expect(pbv, u.ticker).toBeLessThan(6);
      const ttmEps = rows.slice(-4).reduce((sum, f) => sum + Number(f.eps), 0);
      if (LOSS_MAKERS.has(u.ticker)) {
        expect(ttmEps).toBeLessThan(0);
        continue;
      }
      expect(price / ttmEps, u.ticker).toBeGreaterThan(5);
      expect(price / ttmEps, u.ticker).toBeLessThan(30);
      expect(Number(last.eps)).toBeCloseTo(last.netIncome / u.sharesOutstanding, 3);
    }
  });
});
