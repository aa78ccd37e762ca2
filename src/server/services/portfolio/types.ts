/**
 * Shapes shared by the portfolio services: portfolios with their settings, stored transactions, and
 * the results every write returns (success with warnings, or a refusal the edge maps to a 4xx).
 */
import type { PortfolioSettings, TransactionType } from '../../../domain/portfolio';

export interface Portfolio {
  id: string;
  name: string;
  settings: PortfolioSettings;
  createdAt: Date;
}

/** A stored transaction as the pages and the API show it. */
export interface StoredTransaction {
  id: string;
  portfolioId: string;
  date: string;
  ticker: string;
  type: TransactionType;
  shares: number;
  /** Rupiah per share (manual dividend: per-share amount); may carry decimals. */
  price: number;
  fee: number;
  /** shares × price, whole Rupiah. */
  value: number;
  importId: string | null;
}

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

export type Refusal = {
  ok: false;
  /** 400 bad input, 404 not found (or not the member's), 409 conflicts with the history. */
  status: 400 | 404 | 409;
  message: string;
  fields?: FieldErrors;
};

export type Outcome<T> = ({ ok: true; warnings: string[] } & T) | Refusal;

export const NOT_FOUND_PORTFOLIO: Refusal = { ok: false, status: 404, message: 'Portofolio tidak ditemukan.' };
export const NOT_FOUND_TRANSACTION: Refusal = { ok: false, status: 404, message: 'Transaksi tidak ditemukan.' };

/** Labels of transaction types in Indonesian, as the CSV format writes them. */
export const TYPE_LABEL: Record<TransactionType, string> = { buy: 'beli', sell: 'jual', dividend: 'dividen' };
