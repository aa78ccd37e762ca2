/** What /portofolio/transaksi shows for a request: the portfolios, the chosen one, a page of transactions, and the row being edited or deleted. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emiten } from '../../db/schema';
import { findPortfolio, listPortfolios } from './portfolios';
import { listTransactions, type TransactionPage } from './list';
import { getTransaction } from './transactions';
import type { Portfolio, StoredTransaction } from './types';

export interface TransactionsPageState {
  portfolios: Portfolio[];
  /** The portfolio picked in the filter; null for all portfolios. */
  selected: Portfolio | null;
  list: TransactionPage;
  editing: StoredTransaction | null;
  deleting: StoredTransaction | null;
  /** Every known ticker with its company name, for the ticker field's suggestions. */
  tickers: { ticker: string; name: string }[];
}

/** The page's data; undefined when the portfolio asked for is not the member's. */
export async function transactionsPageState(
  db: Db,
  userId: string,
  q: { portfolioId?: string | null; page?: number; editId?: string | null; deleteId?: string | null },
): Promise<TransactionsPageState | undefined> {
  const portfolios = await listPortfolios(db, userId);
  const selected = q.portfolioId && q.portfolioId !== 'semua' ? await findPortfolio(db, userId, q.portfolioId) : null;
  if (selected === undefined) return undefined;
  const [list, editing, deleting, tickers] = await Promise.all([
    listTransactions(db, userId, { portfolioId: selected?.id, page: q.page }),
    q.editId ? getTransaction(db, userId, q.editId) : undefined,
    q.deleteId ? getTransaction(db, userId, q.deleteId) : undefined,
    db.select({ ticker: emiten.ticker, name: emiten.name }).from(emiten).orderBy(asc(emiten.ticker)),
  ]);
  return { portfolios, selected, list, editing: editing ?? null, deleting: deleting ?? null, tickers };
}
