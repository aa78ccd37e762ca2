/** A page of the member's transactions, newest first, of one portfolio or all of them. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portfolios, transactions } from '../../db/schema';
import { toStored } from './transactions';
import type { StoredTransaction } from './types';

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
  opts: { portfolioId?: string | null; page?: number; pageSize?: number } = {},
): Promise<TransactionPage> {
  const pageSize = Math.min(Math.max(opts.pageSize ?? 50, 1), 500);
  const scope = opts.portfolioId
    ? and(eq(portfolios.userId, userId), eq(transactions.portfolioId, opts.portfolioId))
    : eq(portfolios.userId, userId);
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
