/**
 * Builders for the engine's tests: short transactions, price lists from tuples, a full input with
 * defaults. Not used by the engine itself.
 */
import { DEFAULT_PORTFOLIO_SETTINGS } from './engine';
import type { CorporateAction, DailyClose, EngineInput, PortfolioSettings, Transaction } from './types';

let nextId = 1;

/** A transaction with defaults: portfolio `p1`, ticker `BBCA`, no fee, a fresh id unless given. */
export function tx(t: Partial<Transaction> & Pick<Transaction, 'date' | 'type' | 'shares' | 'price'>): Transaction {
  return { id: `t${nextId++}`, portfolioId: 'p1', ticker: 'BBCA', fee: 0, ...t };
}

/** BBRI's cash dividend of Rp 123,5: cum Friday 10 May, ex Monday 13 May, paid Friday 31 May 2024. */
export const BBRI_DIVIDEND_2024: CorporateAction = {
  ticker: 'BBRI',
  type: 'dividend',
  cumDate: '2024-05-10',
  exDate: '2024-05-13',
  paymentDate: '2024-05-31',
  amount: '123.5',
};

/** A share-count change of BBCA (a split unless `type` says otherwise) taking effect on `exDate`. */
export function shareChange(
  exDate: string,
  ratioFrom: number,
  ratioTo: number,
  type: CorporateAction['type'] = 'split',
): CorporateAction {
  return { ticker: 'BBCA', type, cumDate: exDate, exDate, ratioFrom, ratioTo };
}

export function closes(rows: [string, number][]): DailyClose[] {
  return rows.map(([date, close]) => ({ date, close }));
}

export interface InputParts {
  transactions: Transaction[];
  prices?: Record<string, [string, number][]>;
  ihsg?: [string, number][];
  actions?: CorporateAction[];
  settings?: Record<string, Partial<PortfolioSettings>>;
  sectors?: Record<string, string>;
  asOf: string;
}

export function input(parts: InputParts): EngineInput {
  const settings = new Map(
    Object.entries(parts.settings ?? {}).map(([id, s]) => [id, { ...DEFAULT_PORTFOLIO_SETTINGS, ...s }]),
  );
  return {
    transactions: parts.transactions,
    prices: new Map(Object.entries(parts.prices ?? {}).map(([t, rows]) => [t, closes(rows)])),
    ihsg: closes(parts.ihsg ?? []),
    corporateActions: parts.actions ?? [],
    settings,
    sectors: new Map(Object.entries(parts.sectors ?? {})),
    asOf: parts.asOf,
  };
}
