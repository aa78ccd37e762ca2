/** A page of the member's transactions, newest first, of one portfolio or all of them. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portfolios, transactions } from '../../db/schema';
import { toStored } from './transactions';
import type { StoredTransaction } from './types';
import type { TransactionType } from '../../../domain/portfolio';

export interface TransactionPage {
  items: (StoredTransaction & { portfolioName: string })[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** The member's transactions, newest first, of one portfolio or all; `page` is 1-based. */
export async function listTransactions(
  db: Db,
  userId: string,
  opts: {
    portfolioId?: string | null;
    page?: number;
    pageSize?: number;
    /** Only this stock code (already upper-cased and checked by the caller). */
    ticker?: string | null;
    type?: TransactionType | null;
  } = {},
): Promise<TransactionPage> {
  // 20 a page: on a phone each transaction is a card, and 50 of them made the page ~10 000 px long.
  const pageSize = Math.min(Math.max(opts.pageSize ?? 20, 1), 500);
  const scope = and(
    eq(portfolios.userId, userId),
    opts.portfolioId ? eq(transactions.portfolioId, opts.portfolioId) : undefined,
    opts.ticker ? eq(transactions.ticker, opts.ticker) : undefined,
    opts.type ? eq(transactions.type, opts.type) : undefined,
  );
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(scope);
  const pageCount = Math.max(1, Math.ceil(n / pageSize));
  const page = Math.min(Math.max(Math.floor(opts.page ?? 1), 1), pageCount);
  const rows = await db
    .select({ t: transactions, portfolioName: portfolios.name })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(scope)
    .orderBy(desc(transactions.date), desc(transactions.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items = rows.map((r) => ({ ...toStored(r.t), portfolioName: r.portfolioName }));
  return { items, total: n, page, pageSize, pageCount };
}
