/**
 * Benchmark of the portfolio engine: a deterministic portfolio of 10 000 transactions over 50 tickers
 * and 1 250 weekdays (about five years) of closes, with yearly dividends and one split.
 * Run: `npx tsx scripts/bench-engine.ts` → `engine: {median} ms`. Target: median under 100 ms.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DEFAULT_FEES, roundToTick, tradeFee } from '../src/domain/idx';
import { computePortfolio, DEFAULT_PORTFOLIO_SETTINGS } from '../src/domain/portfolio';
import type { CorporateAction, DailyClose, EngineInput, Transaction } from '../src/domain/portfolio';
import { addDays } from '../src/domain/dates';

const TICKER_COUNT = 50;
const DAY_COUNT = 1_250;
const TRANSACTION_COUNT = 10_000;
const PORTFOLIOS = ['alpha', 'beta', 'gamma'];
const SPLIT = { tickerIndex: 0, day: 600, from: 1, to: 5 };

/** mulberry32: a small seeded generator, so every run benchmarks the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function weekdays(from: string, count: number): string[] {
  const out: string[] = [];
  for (let day = from; out.length < count; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(day);
  }
  return out;
}

function tickerName(i: number): string {
  return `X${String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))}K`;
}

function walk(
  rand: () => number,
  start: number,
  dates: string[],
  split?: { day: number; factor: number },
): DailyClose[] {
  let level = start;
  return dates.map((date, d) => {
    if (split && d === split.day) level /= split.factor;
    level *= 1 + (rand() + rand() + rand() - 1.5) * 0.03;
    return { date, close: roundToTick(Math.max(50, level)) };
  });
}

function corporateActions(rand: () => number, tickers: string[], dates: string[]): CorporateAction[] {
  const actions: CorporateAction[] = [];
  tickers.forEach((ticker) => {
    for (let year = 0; year < 5; year++) {
      const cum = year * 250 + 60 + Math.floor(rand() * 150);
      const amount = (Math.floor(rand() * 5_000) / 100).toFixed(2);
      actions.push({
        ticker,
        type: 'dividend',
        cumDate: dates[cum]!,
        exDate: dates[cum + 1]!,
        paymentDate: dates[cum + 15]!,
        amount,
      });
    }
  });
  const d = dates[SPLIT.day]!;
  actions.push({
    ticker: tickers[SPLIT.tickerIndex]!,
    type: 'split',
    cumDate: d,
    exDate: d,
    ratioFrom: SPLIT.from,
    ratioTo: SPLIT.to,
  });
  return actions;
}

/** Shares held after the split when the last trade of this position was before it. */
function adjustForSplit(pos: { shares: number; day: number }, tickerIndex: number, day: number): number {
  const crosses = tickerIndex === SPLIT.tickerIndex && pos.day < SPLIT.day && day >= SPLIT.day;
  return crosses ? (pos.shares * SPLIT.to) / SPLIT.from : pos.shares;
}

function transactions(rand: () => number, tickers: string[], prices: Map<string, DailyClose[]>): Transaction[] {
  const days = Array.from({ length: TRANSACTION_COUNT }, () => Math.floor(rand() * DAY_COUNT)).sort((a, b) => a - b);
  const held = new Map<string, { shares: number; day: number }>();
  return days.map((day, i) => {
    const portfolioId = PORTFOLIOS[i % PORTFOLIOS.length]!;
    const t = Math.floor(rand() * tickers.length);
    const ticker = tickers[t]!;
    const key = `${portfolioId}:${ticker}`;
    const own = adjustForSplit(held.get(key) ?? { shares: 0, day }, t, day);
    const { date, close: price } = prices.get(ticker)![day]!;
    const sell = own >= 100 && rand() < 0.35;
    const shares = sell ? Math.max(100, Math.floor((own * rand()) / 100) * 100) : (1 + Math.floor(rand() * 50)) * 100;
    held.set(key, { shares: own + (sell ? -shares : shares), day });
    const fee = tradeFee(shares * price, sell ? DEFAULT_FEES.sellBps : DEFAULT_FEES.buyBps);
    return { id: `tx${i}`, portfolioId, date, ticker, type: sell ? 'sell' : 'buy', shares, price, fee };
  });
}

/** The benchmark input; the same on every call. */
export function benchInput(): EngineInput {
  const rand = random(20_240_601);
  const dates = weekdays('2019-01-01', DAY_COUNT);
  const tickers = Array.from({ length: TICKER_COUNT }, (_, i) => tickerName(i));
  const prices = new Map<string, DailyClose[]>();
  tickers.forEach((ticker, i) => {
    const split = i === SPLIT.tickerIndex ? { day: SPLIT.day, factor: SPLIT.to } : undefined;
    prices.set(ticker, walk(rand, 200 + rand() * 9_800, dates, split));
  });
  return {
    transactions: transactions(rand, tickers, prices),
    prices,
    ihsg: walk(rand, 6_000, dates).map((p) => ({ date: p.date, close: p.close + 0.37 })),
    corporateActions: corporateActions(rand, tickers, dates),
    settings: new Map(PORTFOLIOS.map((id, i) => [id, { ...DEFAULT_PORTFOLIO_SETTINGS, feesInAverage: i !== 1 }])),
    sectors: new Map(tickers.map((t, i) => [t, `Sektor ${i % 11}`])),
    asOf: dates[DAY_COUNT - 1]!,
  };
}

/** Runs the engine once to warm up, then `runs` times; returns the median and every run in ms. */
export async function benchEngine(runs = 7): Promise<{ medianMs: number; runs: number[] }> {
  const input = benchInput();
  computePortfolio(input);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const report = computePortfolio(input);
    times.push(performance.now() - start);
    if (report.issues.length > 0) throw new Error(`bench data is inconsistent: ${JSON.stringify(report.issues[0])}`);
    // Yield between runs so a timer or GC tick lands outside the measured window.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runs: times };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // No top-level await, so the module can also be imported from CommonJS tooling.
  void benchEngine().then(({ medianMs }) => console.log(`engine: ${medianMs.toFixed(1)} ms`));
}
