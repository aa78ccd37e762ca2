/**
 * The per-entry rules of docs/product.md §5 for one transaction, pure: reading the fields as typed (form, JSON or
 * CSV cell), then checking them against the market (known ticker, listing date), the clock and the
 * portfolio's fee rates. Rules that need the portfolio's history (no sell beyond holdings, no manual
 * dividend the data already pays) live in the portfolio service's `history.ts`.
 */
import { isOnTick, LOT_SIZE, tickSize, tradeFee } from '../idx';
import type { PortfolioSettings, TransactionType } from '.';
import { tradeValue } from './money';
import { formatDate, formatNumber, formatRupiah } from '../../lib/format';
import { decimalPlaces, parseIdNumber } from '../../lib/numbers';
import { parseDate } from '../../lib/market-values';

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
}

const TYPES: Record<string, TransactionType> = {
  beli: 'buy',
  buy: 'buy',
  jual: 'sell',
  sell: 'sell',
  dividen: 'dividend',
  dividend: 'dividend',
};

const MAX_SHARES = 1e12;
const MAX_PRICE = 1e10;
/** Far above any real fee, and within exact integers (the column is a 64-bit integer). */
const MAX_FEE = 1e15;

function text(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return typeof v === 'string' ? v.trim() : '';
}

/** The transaction type from `beli`/`jual`/`dividen` or `buy`/`sell`/`dividend` (any case). */
export function readType(v: unknown): TransactionType | undefined {
  return TYPES[text(v).toLowerCase()];
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
  if (!ticker) fields.ticker = 'Kode saham wajib diisi.';
  else if (!/^[A-Z]{4}$/.test(ticker)) fields.ticker = `Kode saham "${ticker}" harus 4 huruf, misalnya BBCA.`;
  const type = readType(raw.type);
  if (!type)
    fields.type = text(raw.type)
      ? `Jenis "${text(raw.type)}" tidak dikenal (beli, jual, atau dividen).`
      : 'Jenis wajib diisi.';
  const shares = readShares(raw, fields);
  const price = readPrice(raw.price, type, fields);
  const fee = readFee(raw.fee, fields);
  if (Object.keys(fields).length > 0) return { fields };
  return { draft: { date: date!, ticker, type: type!, shares: shares!, price: price!, fee: fee! }, fields };
}

/** What the rules need to know about the ticker, the day and the portfolio. */
export interface RuleContext {
  /** Today in WIB, `YYYY-MM-DD`. */
  today: string;
  /** The emiten of the draft's ticker, or undefined when it is not known. */
  emiten: { listingDate: string } | undefined;
  settings: PortfolioSettings;
}

export interface CheckedDraft {
  fields: FieldErrors;
  warnings: string[];
  /** The fee to store: as entered, or computed from the portfolio's rates (0 for dividends). */
  fee: number;
}

/** The fee a trade gets from the portfolio's rates, rounded to the Rupiah (`tradeFee`). */
export function computedFee(type: TransactionType, shares: number, price: number, settings: PortfolioSettings): number {
  if (type === 'dividend') return 0;
  return tradeFee(tradeValue(shares, price), type === 'buy' ? settings.buyBps : settings.sellBps);
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
  }
  if (d.type === 'dividend' && d.fee !== null && d.fee > 0)
    fields.fee = 'Dividen tidak memakai biaya; kosongkan kolom biaya.';
  if (d.type !== 'dividend' && !isOnTick(d.price)) {
    warnings.push(
      `Harga Rp ${formatNumber(d.price, 4)} di luar fraksi harga BEI (kelipatan ${formatRupiah(tickSize(d.price))}); disimpan sebagai transaksi pasar negosiasi.`,
    );
  }
  const fee = d.fee ?? computedFee(d.type, d.shares, d.price, ctx.settings);
  return { fields, warnings, fee };
}
