/**
 * CSV export of one portfolio's transactions in the import format, oldest first: importing the file
 * into an empty portfolio gives the same transactions (fees included, so they do not depend on rates).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { formatTransactionsCsv } from './csv';
import { listPortfolios, resolvePortfolio } from './portfolios';
import { toStored } from './transactions';

function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return s || 'portofolio';
}

/** The portfolio's transactions as CSV with a download name; undefined for an unknown or another member's portfolio. */
export async function exportTransactions(
  db: Db,
  userId: string,
  portfolioId: string | null | undefined,
  today: string,
): Promise<{ filename: string; csv: string } | undefined> {
  const portfolio = await resolvePortfolio(db, userId, portfolioId);
  if (!portfolio) return undefined;
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolio.id))
    .orderBy(asc(transactions.date), asc(transactions.seq));
  return {
    filename: `telaah-transaksi-${slug(portfolio.name)}-${today}.csv`,
    csv: formatTransactionsCsv(rows.map(toStored)),
  };
}

/** Everything the member's portfolios hold, for "Unduh data saya": settings and every transaction, oldest first. */
export async function exportPortfolioData(db: Db, userId: string) {
  const list = await listPortfolios(db, userId);
  if (list.length === 0) return [];
  const rows = await db
    .select()
    .from(transactions)
    .where(
      inArray(
        transactions.portfolioId,
        list.map((p) => p.id),
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.seq));
  return list.map((p) => ({
    ...p,
    transactions: rows
      .filter((r) => r.portfolioId === p.id)
      .map(({ portfolioId: _, ...t }) => toStored({ ...t, portfolioId: p.id })),
  }));
}
