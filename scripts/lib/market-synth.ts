/**
 * Synthetic market data at IDX scale for benchmarks, tests and trying Telaah without a data feed.
 * Every company, ticker and number is made up: names read "PT Sintetis … Tbk", the sub-sector is
 * "Sintetis …", and the same options always give the same files (seeded streams, no clock, no I/O
 * beyond the writer the caller passes).
 *
 * Files, in the import formats (`npm run market:import`), to import in this order:
 *   emiten.csv   ticker,name,sector,sub_sector,board,listing_date,shares_outstanding
 *   prices.csv   date,ticker,open,high,low,close,volume — stocks, whole Rupiah on the tick grid, unadjusted
 *   indexes.csv  date,ticker,open,high,low,close,volume — COMPOSITE, LQ45, IDX30, JII, 2 decimals
 *   actions.csv  ticker,type,cum_date,ex_date,recording_date,payment_date,amount,ratio_from,ratio_to,note
 *   constituents.csv  index,effective_date,ticker — LQ45, IDX30, JII in the period in effect on `end`
 */
import { floorToTick, LOT_SIZE, roundToTick } from '../../src/domain/idx';
import { MARKET_INDEXES } from '../../src/domain/indexes';
import { addDays } from '../../src/domain/dates';
import { addTradingDays, tradingDays } from '../../src/server/demo/calendar';
import { rngFor, type Rng } from '../../src/server/demo/rng';
import { EFFECTIVE_MONTHS, periodStartOn } from '../../src/server/demo/constituents';
import { CONSTITUENT_MAX } from '../../src/domain/indexes';

export interface SynthOptions {
  /** Number of emiten. */
  emiten: number;
  /** Years of daily history, ending on `end`. */
  years: number;
  /** Last trading day of the history (`YYYY-MM-DD`). */
  end: string;
}

export interface SynthEmiten {
  ticker: string;
  name: string;
  sector: string;
  subSector: string;
  board: string;
  listingDate: string;
  sharesOutstanding: number;
  basePrice: number;
  beta: number;
  vol: number;
  /** Index of the trading day of its split, if it has one. */
  splitDay: number | null;
}

/** IDX-IC sector names: categories only, no company data. */
const SECTORS = [
  'Energi',
  'Barang Baku',
  'Perindustrian',
  'Barang Konsumen Primer',
  'Barang Konsumen Non-Primer',
  'Kesehatan',
  'Keuangan',
  'Properti & Real Estat',
  'Teknologi',
  'Infrastruktur',
  'Transportasi & Logistik',
];
const BOARDS = ['Utama', 'Utama', 'Pengembangan', 'Pengembangan', 'Akselerasi', 'Ekonomi Baru'];
const WORDS = ['Nusa', 'Karya', 'Sentosa', 'Mandiri', 'Jaya', 'Abadi', 'Makmur', 'Prima', 'Lestari', 'Utama'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const SYNTH_HEADERS = {
  emiten: 'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding',
  prices: 'date,ticker,open,high,low,close,volume',
  actions: 'ticker,type,cum_date,ex_date,recording_date,payment_date,amount,ratio_from,ratio_to,note',
  constituents: 'index,effective_date,ticker',
} as const;

/**
 * The trading days of the history: the last `years` × 262 trading days up to `end` (weekends and known
 * holidays skipped), so 950 emiten × 10 years make 2 489 000 price rows.
 */
export function synthDays(opts: SynthOptions): string[] {
  const from = addDays(opts.end, -Math.ceil(opts.years * 400));
  const all = tradingDays(from, opts.end);
  return all.slice(Math.max(0, all.length - Math.round(opts.years * 262)));
}

function ticker(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let t = '';
    for (let i = 0; i < 4; i++) t += LETTERS[rng.int(0, 25)];
    if (!taken.has(t)) {
      taken.add(t);
      return t;
    }
  }
}

/**
 * The emiten, sorted by ticker. `avoid` lists codes not to use (e.g. the demo's), so synthetic data
 * never overwrites another data set's company.
 */
export function synthEmiten(opts: SynthOptions, days: readonly string[], avoid: Iterable<string> = []): SynthEmiten[] {
  const rng = rngFor('synth:emiten');
  const taken = new Set(avoid);
  const firstDay = days[0] ?? opts.end;
  const list: SynthEmiten[] = [];
  for (let i = 0; i < opts.emiten; i++) {
    const t = ticker(rng, taken);
    const sector = SECTORS[rng.int(0, SECTORS.length - 1)]!;
    const word = WORDS[rng.int(0, WORDS.length - 1)]!;
    // Listed before the history starts, so every emiten has a full series.
    const listingDate = addDays(firstDay, -rng.int(30, 9000));
    const basePrice = Math.round(Math.exp(rng.between(Math.log(60), Math.log(20_000))));
    list.push({
      ticker: t,
      name: `PT Sintetis ${word} ${t} Tbk`,
      sector,
      subSector: `Sintetis ${sector} ${1 + rng.int(0, 2)}`,
      board: BOARDS[rng.int(0, BOARDS.length - 1)]!,
      listingDate,
      sharesOutstanding: rng.int(200, 80_000) * 1_000_000,
      basePrice,
      beta: rng.between(0.4, 1.4),
      vol: rng.between(0.01, 0.035),
      splitDay: rng.uniform() < 0.04 && days.length > 20 ? rng.int(10, days.length - 10) : null,
    });
  }
  return list.sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
}

/** Daily market shocks shared by every stock and index. */
export function marketShocks(days: readonly string[]): Float64Array {
  const rng = rngFor('synth:market');
  const shocks = new Float64Array(days.length);
  for (let i = 1; i < days.length; i++) shocks[i] = 0.0002 + 0.009 * rng.normal();
  return shocks;
}

const MIN_PRICE = 50;
const SPLIT_RATIO = 5;
const onGrid = (price: number) => Math.max(MIN_PRICE, roundToTick(price));

/**
 * One stock's rows as CSV lines (without newline), oldest first. Before its split's ex date prices sit
 * at the pre-split level and volumes are smaller, as the exchange published them.
 */
export function stockLines(e: SynthEmiten, days: readonly string[], market: Float64Array): string[] {
  const rng = rngFor(`synth:${e.ticker}:prices`);
  const lines: string[] = new Array<string>(days.length);
  let level = Math.log(e.basePrice);
  let prevClose = 0;
  for (let i = 0; i < days.length; i++) {
    // Mean reversion towards the base keeps ten years inside a plausible band.
    level += e.beta * market[i]! + e.vol * rng.normal() - 0.002 * (level - Math.log(e.basePrice));
    const factor = e.splitDay !== null && i < e.splitDay ? SPLIT_RATIO : 1;
    const close = onGrid(Math.exp(level) * factor);
    const reference = i === 0 ? close : i === e.splitDay ? prevClose / SPLIT_RATIO : prevClose;
    const open = onGrid(reference * Math.exp(0.4 * e.vol * rng.normal()));
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = Math.max(top, roundToTick(top * (1 + 0.6 * e.vol * Math.abs(rng.normal()))));
    const low = Math.min(bottom, Math.max(MIN_PRICE, floorToTick(bottom * (1 - 0.6 * e.vol * Math.abs(rng.normal())))));
    const lots = Math.round((e.sharesOutstanding * 0.0008 * Math.exp(0.6 * rng.normal())) / factor / LOT_SIZE);
    lines[i] = `${days[i]},${e.ticker},${open},${high},${low},${close},${Math.max(1, lots) * LOT_SIZE}`;
    prevClose = close;
  }
  return lines;
}

/** Index rows (COMPOSITE and the other stored indexes) as CSV lines, oldest first per index. */
export function indexLines(days: readonly string[], market: Float64Array): string[] {
  const lines: string[] = [];
  const bases: Record<string, number> = { COMPOSITE: 6500, LQ45: 900, IDX30: 480, JII: 550 };
  for (const index of MARKET_INDEXES) {
    const rng = rngFor(`synth:index:${index.code}`);
    let level = Math.log(bases[index.code] ?? 1000);
    let prev = Math.exp(level);
    for (let i = 0; i < days.length; i++) {
      level += market[i]! + 0.002 * rng.normal();
      const close = Math.exp(level);
      const open = prev * Math.exp(0.002 * rng.normal());
      const high = Math.max(open, close) * (1 + 0.004 * Math.abs(rng.normal()));
      const low = Math.min(open, close) * (1 - 0.004 * Math.abs(rng.normal()));
      const volume = Math.round(rng.between(8e9, 2.5e10) / LOT_SIZE) * LOT_SIZE;
      const f = (x: number) => x.toFixed(2);
      lines.push(`${days[i]},${index.code},${f(open)},${f(high)},${f(low)},${f(close)},${volume}`);
      prev = close;
    }
  }
  return lines;
}

export function emitenLine(e: SynthEmiten): string {
  return [e.ticker, e.name, e.sector, e.subSector, e.board, e.listingDate, e.sharesOutstanding].join(',');
}

/**
 * Corporate actions as CSV lines: a yearly cash dividend for about a third of the emiten (ex date
 * on a trading day, cum date the trading day before, payment three weeks later) and each split.
 */
export function actionLines(list: readonly SynthEmiten[], days: readonly string[]): string[] {
  const lines: string[] = [];
  const note = 'data sintetis';
  for (const e of list) {
    const rng = rngFor(`synth:${e.ticker}:actions`);
    if (e.splitDay !== null) {
      const ex = days[e.splitDay]!;
      lines.push([e.ticker, 'split', addTradingDays(ex, -1), ex, '', '', '', 1, SPLIT_RATIO, note].join(','));
    }
    if (rng.uniform() >= 0.35) continue;
    const offset = rng.int(60, 200);
    for (let i = offset; i < days.length; i += 262) {
      const ex = days[i]!;
      const amount = Math.max(1, Math.round(e.basePrice * rng.between(0.01, 0.05)));
      const recording = addTradingDays(ex, 1);
      const payment = addDays(ex, 21);
      lines.push(
        [e.ticker, 'dividend', addTradingDays(ex, -1), ex, recording, payment, amount, '', '', note].join(','),
      );
    }
  }
  return lines;
}

/**
 * Index constituents as CSV lines for the period in effect on `end`: the largest emiten by base value (shares ×
 * base price) fill LQ45 and IDX30 (the top 30 of them), and the largest outside the financial sector fill JII.
 */
export function constituentLines(list: readonly SynthEmiten[], end: string): string[] {
  const ranked = [...list].sort(
    (a, b) => b.sharesOutstanding * b.basePrice - a.sharesOutstanding * a.basePrice || (a.ticker < b.ticker ? -1 : 1),
  );
  const members = {
    LQ45: ranked.slice(0, CONSTITUENT_MAX.LQ45),
    IDX30: ranked.slice(0, CONSTITUENT_MAX.IDX30),
    JII: ranked.filter((e) => e.sector !== 'Keuangan').slice(0, CONSTITUENT_MAX.JII),
  };
  return (Object.keys(members) as (keyof typeof members)[]).flatMap((code) => {
    const effective = periodStartOn(end, EFFECTIVE_MONTHS[code]);
    return members[code].map((e) => `${code},${effective},${e.ticker}`);
  });
}
