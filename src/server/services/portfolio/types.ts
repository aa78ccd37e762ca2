/**
 * Shapes shared by the portfolio services: portfolios with their settings, stored transactions, and
 * the results every write returns (success with warnings, or a refusal the edge maps to a 4xx).
 */
import type { PortfolioSettings, TransactionType } from '../../../domain/portfolio';
import type { FieldErrors } from '../../../domain/portfolio/entry-rules';

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

export type { FieldErrors, TransactionDraft } from '../../../domain/portfolio/entry-rules';

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
