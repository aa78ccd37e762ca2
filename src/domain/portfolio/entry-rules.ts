/**
 * The per-entry rules of docs/product.md §5 for one transaction, pure: reading the fields as typed (form, JSON or
 * CSV cell), then checking them against the market (known ticker, listing date), the clock and the
 * portfolio's fee rates. Rules that need the portfolio's history (no sell beyond holdings, no manual
 * dividend the data already pays) live in the portfolio service's `history.ts`.
 */
import { isOnTick, LOT_SIZE, tickSize, tradeFee } from '../idx';
import type { PortfolioSettings, TransactionType } from '.';
import { tradeValue } from './money';
import { isHoldableCode, isStockCode, isWarrantCode } from '../corporate/codes';
import { formatDate, formatNumber, formatRupiah } from '../../lib/format';
import { decimalPlaces, isAmbiguousComma, parseIdNumber } from '../../lib/numbers';
import { parseDate } from '../market-values';

/** A transaction as entered, read and checked field by field, before the history checks. */
export interface TransactionDraft {
  date: string;
  ticker: string;
  type: TransactionType;
  shares: number;
  price: number;
  /** Null: compute from the portfolio's fee rates. */
  fee: number | null;
}

/** Indonesian messages per input field (`date`, `ticker`, `type`, `quantity`, `price`, `fee`, …). */
export type FieldErrors = Record<string, string>;

/** Fields as they arrive: strings from a form or a CSV cell, strings or numbers from JSON. */
export interface RawTransaction {
  date?: unknown;
  ticker?: unknown;
  type?: unknown;
  /** With `unit` (`lot` or `lembar`); or give `shares` or `lots` directly. */
  quantity?: unknown;
  unit?: unknown;
  shares?: unknown;
  lots?: unknown;
  price?: unknown;
  fee?: unknown;
  /** `1` (the form's "Harga ini benar" box): a price outside the day's range is meant. */
  priceConfirmed?: unknown;
}

const TYPES: Record<string, TransactionType> = {
  beli: 'buy',
  buy: 'buy',
  jual: 'sell',
  sell: 'sell',
  dividen: 'dividend',
  dividend: 'dividend',
  tebus_hmetd: 'rights_exercise',
  rights_exercise: 'rights_exercise',
  jual_hmetd: 'rights_sale',
  rights_sale: 'rights_sale',
  hmetd_hangus: 'rights_lapse',
  rights_lapse: 'rights_lapse',
  tebus_waran: 'warrant_exercise',
  warrant_exercise: 'warrant_exercise',
  waran_kedaluwarsa: 'warrant_expiry',
  warrant_expiry: 'warrant_expiry',
  tender_offer: 'tender',
  buyback: 'tender',
  tender: 'tender',
};

/** Kinds recorded without a price (nothing is paid or received). */
const PRICELESS: ReadonlySet<TransactionType> = new Set(['rights_lapse', 'warrant_expiry']);
/** Kinds whose price is a market price on the IDX grid. */
const ON_GRID: ReadonlySet<TransactionType> = new Set(['buy', 'sell', 'tender', 'rights_sale']);
/** Kinds that pay the buy fee rate (money goes in). */
const BUY_SIDE: ReadonlySet<TransactionType> = new Set(['buy', 'rights_exercise', 'warrant_exercise']);
const TYPE_WORDS =
  'beli, jual, dividen, tebus_hmetd, jual_hmetd, hmetd_hangus, tebus_waran, waran_kedaluwarsa, atau tender';

const MAX_SHARES = 1e12;
const MAX_PRICE = 1e10;
/** Far above any real fee, and within exact integers (the column is a 64-bit integer). */
const MAX_FEE = 1e15;

function text(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return typeof v === 'string' ? v.trim() : '';
}

/** The transaction type from its Indonesian or English word (any case; spaces or hyphens as `_`). */
export function readType(v: unknown): TransactionType | undefined {
  return TYPES[
    text(v)
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ];
}

/** The code form a kind needs, or an Indonesian reason the code does not fit it. */
function codeProblem(type: TransactionType, ticker: string): string | null {
  if (type === 'warrant_exercise' || type === 'warrant_expiry')
    return isWarrantCode(ticker) ? null : `Kode ${ticker} bukan kode waran (contoh: ABCD-W).`;
  if (type === 'buy' || type === 'sell') return isHoldableCode(ticker) ? null : shapeMessage(ticker);
  return isStockCode(ticker) ? null : `${shapeMessage(ticker)} HMETD, dividen dan tender dicatat pada kode sahamnya.`;
}

function shapeMessage(ticker: string): string {
  return `Kode saham "${ticker}" harus 4 huruf (5 untuk saham preferen), misalnya BBCA, atau kode waran seperti ABCD-W.`;
}

function readShares(raw: RawTransaction, fields: FieldErrors): number | undefined {
  let key = 'quantity';
  let amount = text(raw.quantity);
  let lots = text(raw.unit).toLowerCase() === 'lot';
  if (!amount && text(raw.shares)) [key, amount, lots] = ['shares', text(raw.shares), false];
  else if (!amount && text(raw.lots)) [key, amount, lots] = ['lots', text(raw.lots), true];
  if (!amount) {
    fields.quantity = 'Jumlah wajib diisi.';
    return undefined;
  }
  const n = parseIdNumber(amount);
  if (n === undefined || !Number.isInteger(n) || n <= 0) {
    fields[key === 'quantity' ? 'quantity' : key] =
      `Jumlah ${lots ? 'lot' : 'lembar'} harus bilangan bulat lebih dari 0.`;
    return undefined;
  }
  const shares = lots ? n * LOT_SIZE : n;
  if (shares > MAX_SHARES) {
    fields.quantity = 'Jumlah terlalu besar.';
    return undefined;
  }
  return shares;
}

function readPrice(v: unknown, type: TransactionType | undefined, fields: FieldErrors): number | undefined {
  const label = type === 'dividend' ? 'Dividen per lembar' : 'Harga';
  const s = text(v);
  if (!s) return void (fields.price = `${label} wajib diisi.`);
  if (isAmbiguousComma(s)) {
    const n = parseIdNumber(s)!;
    return void (fields.price = `${label} "${s}" bisa dibaca ${formatNumber(n * 1000)} (ribuan cara Inggris) atau ${formatNumber(n, 3)} (desimal). Tulis ${formatNumber(n * 1000)} atau ${String(n * 1000)} untuk ribuan, atau ${formatNumber(n, 2)} bila memang desimal.`);
  }
  const n = parseIdNumber(s);
  if (n === undefined) return void (fields.price = `${label} "${s}" bukan angka (contoh: 8950 atau 187,5).`);
  if (n <= 0) return void (fields.price = `${label} harus lebih dari 0.`);
  if (n >= MAX_PRICE) return void (fields.price = `${label} terlalu besar.`);
  if (decimalPlaces(n) > 4) return void (fields.price = `${label} paling banyak 4 angka desimal.`);
  return n;
}

function readFee(v: unknown, fields: FieldErrors): number | null | undefined {
  const s = text(v);
  if (!s) return null;
  const n = parseIdNumber(s);
  if (n === undefined || !Number.isInteger(n) || n < 0) {
    return void (fields.fee = `Biaya "${s}" harus Rupiah bulat 0 atau lebih (kosongkan untuk dihitung otomatis).`);
  }
  if (n > MAX_FEE) return void (fields.fee = 'Biaya terlalu besar.');
  return n;
}

/** Reads the fields; every unreadable field gets its own Indonesian message. */
export function readDraft(raw: RawTransaction): { draft?: TransactionDraft; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const dateText = text(raw.date);
  const date = dateText ? parseDate(dateText) : undefined;
  if (!dateText) fields.date = 'Tanggal wajib diisi.';
  else if (!date) fields.date = `Tanggal "${dateText}" tidak valid (gunakan YYYY-MM-DD atau DD/MM/YYYY).`;
  const ticker = text(raw.ticker).toUpperCase();
  const type = readType(raw.type);
  if (!ticker) fields.ticker = 'Kode saham wajib diisi.';
  else if (!isHoldableCode(ticker)) fields.ticker = shapeMessage(ticker);
  else if (type && codeProblem(type, ticker)) fields.ticker = codeProblem(type, ticker)!;
  if (!type)
    fields.type = text(raw.type) ? `Jenis "${text(raw.type)}" tidak dikenal (${TYPE_WORDS}).` : 'Jenis wajib diisi.';
  const shares = readShares(raw, fields);
  const price = type && PRICELESS.has(type) ? 0 : readPrice(raw.price, type, fields);
  const fee = readFee(raw.fee, fields);
  if (Object.keys(fields).length > 0) return { fields };
  return { draft: { date: date!, ticker, type: type!, shares: shares!, price: price!, fee: fee! }, fields };
}

/** What the rules need to know about the ticker, the day and the portfolio. */
export interface RuleContext {
  /** Today in WIB, `YYYY-MM-DD`. */
  today: string;
  /** The emiten of the draft's ticker, or undefined when it is not known. */
  emiten: { listingDate: string; delistedAt?: string | null } | undefined;
  settings: PortfolioSettings;
  /** The day's traded range of the ticker on the draft's date, when the market data has that day. */
  day?: { low: number; high: number } | null;
  /**
   * The member confirmed a price outside the day's range (a negotiated-market trade): it becomes a
   * warning instead of a refusal. A CSV preview counts as the confirmation, since its warnings are
   * shown before the import is confirmed.
   */
  priceConfirmed?: boolean;
}

export interface CheckedDraft {
  fields: FieldErrors;
  warnings: string[];
  /** The fee to store: as entered, or computed from the portfolio's rates (0 for dividends). */
  fee: number;
}

/** The fee a trade gets from the portfolio's rates, rounded to the Rupiah (`tradeFee`). */
export function computedFee(type: TransactionType, shares: number, price: number, settings: PortfolioSettings): number {
  if (type === 'dividend' || PRICELESS.has(type)) return 0;
  return tradeFee(tradeValue(shares, price), BUY_SIDE.has(type) ? settings.buyBps : settings.sellBps);
}

/** Checks a read draft against the market, the clock and the fee rules. */
export function checkDraft(d: TransactionDraft, ctx: RuleContext): CheckedDraft {
  const fields: FieldErrors = {};
  const warnings: string[] = [];
  if (!ctx.emiten) fields.ticker = `Kode saham ${d.ticker} tidak dikenal.`;
  if (d.date > ctx.today)
    fields.date = `Tanggal ${formatDate(d.date)} di masa depan; hari ini ${formatDate(ctx.today)}.`;
  else if (ctx.emiten && d.date < ctx.emiten.listingDate) {
    fields.date = `${d.ticker} baru tercatat di bursa pada ${formatDate(ctx.emiten.listingDate)}; tanggal tidak boleh sebelum itu.`;
  } else if (ctx.emiten?.delistedAt && d.date > ctx.emiten.delistedAt) {
    fields.date = `${d.ticker} sudah delisting (dihapus dari bursa) pada ${formatDate(ctx.emiten.delistedAt)}; transaksi setelah tanggal itu tidak bisa dicatat.`;
  }
  if (d.type === 'dividend' && d.fee !== null && d.fee > 0)
    fields.fee = 'Dividen tidak memakai biaya; kosongkan kolom biaya.';
  if (PRICELESS.has(d.type) && d.fee !== null && d.fee > 0)
    fields.fee = 'HMETD yang hangus dan waran yang kedaluwarsa tidak memakai biaya; kosongkan kolom biaya.';
  if (ON_GRID.has(d.type) && !isOnTick(d.price, d.date)) {
    warnings.push(
      `Harga Rp ${formatNumber(d.price, 4)} di luar fraksi harga BEI pada ${formatDate(d.date)} (kelipatan ${formatRupiah(tickSize(d.price, d.date))}); disimpan sebagai transaksi pasar negosiasi.`,
    );
  }
  if (d.type !== 'dividend') {
    const range = outsideDayRange(d, ctx.day);
    if (range && (ctx.priceConfirmed || !farOutside(d.price, ctx.day!))) warnings.push(range);
    else if (range) fields.price = `${range} Periksa harganya, atau centang "Harga ini benar" bila memang begitu.`;
    if (d.shares % LOT_SIZE !== 0) {
      warnings.push(
        `${formatNumber(d.shares)} lembar bukan kelipatan 1 lot (${LOT_SIZE} lembar): di pasar reguler BEI saham diperdagangkan per lot. Disimpan sebagai odd lot; periksa apakah maksud Anda ${formatNumber(d.shares)} lot.`,
      );
    }
  }
  const fee = d.fee ?? computedFee(d.type, d.shares, d.price, ctx.settings);
  return { fields, warnings, fee };
}

/**
 * The widest daily auto-rejection band IDX applies (35 %, shares from Rp 50 to Rp 200): a price further
 * than that from the day's range cannot be a regular-market trade of that day, and is most likely a
 * misread number (1,65 for 1.650), so it needs confirming. Closer prices outside the range are saved
 * with a warning (a negotiated-market trade, or a day's data the market import has not corrected).
 */
const FAR_OUTSIDE = 0.35;
const farOutside = (price: number, day: { low: number; high: number }) =>
  price < day.low * (1 - FAR_OUTSIDE) || price > day.high * (1 + FAR_OUTSIDE);

/** The sentence for a price outside the day's traded range, or null when it is inside or the day is unknown. */
function outsideDayRange(d: TransactionDraft, day: RuleContext['day']): string | null {
  if (!day || (d.price >= day.low && d.price <= day.high)) return null;
  return `Harga Rp ${formatNumber(d.price, 4)} di luar rentang harga ${d.ticker} pada ${formatDate(d.date)} (${formatRupiah(day.low)}–${formatRupiah(day.high)}).`;
}
