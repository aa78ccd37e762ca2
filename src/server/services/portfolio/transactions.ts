/**
 * Adding, editing, deleting and reading a member's transactions with the rules of docs/product.md §5. Every
 * write runs in one database transaction holding the portfolio's lock, checks the history it would
 * leave, and writes nothing when refused.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../../domain/portfolio';
import { tradeValue } from '../../../domain/portfolio/money';
import type { Db, Tx } from '../../db/client';
import { dailyPrices, emiten, portfolioImports, portfolios, transactions } from '../../db/schema';
import {
  byDateAndSeq,
  coveredDividendMessages,
  historyChange,
  laterOversellMessage,
  loadHistory,
  lockPortfolio,
  ownOversellMessage,
  warrantTerms,
  withWarrantTerms,
  type HistoryTransaction,
} from './history';
import { isWarrantCode } from '../../../domain/corporate/codes';
import { findPortfolio, isUuid, resolvePortfolio } from './portfolios';
import { checkDraft, computedFee, readDraft, type RawTransaction } from '../../../domain/portfolio/entry-rules';
import {
  NOT_FOUND_PORTFOLIO,
  NOT_FOUND_TRANSACTION,
  type Outcome,
  type Portfolio,
  type Refusal,
  type StoredTransaction,
  type TransactionDraft,
} from './types';

/** The calendar day the rules treat as today (WIB), from the edge's clock. */
export interface WriteOptions {
  today: string;
}

type Row = typeof transactions.$inferSelect;

export function toStored(r: Pick<Row, keyof StoredTransaction & keyof Row>): StoredTransaction {
  const price = Number(r.price);
  return {
    id: r.id,
    portfolioId: r.portfolioId,
    date: r.date,
    ticker: r.ticker,
    type: r.type,
    shares: r.shares,
    price,
    fee: r.fee,
    value: tradeValue(r.shares, price),
    importId: r.importId,
  };
}

/** One of the member's transactions, with its entry order; undefined for another member's id. */
async function findOwned(db: Db | Tx, userId: string, id: unknown): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ t: transactions })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(and(eq(transactions.id, id), eq(portfolios.userId, userId)));
  return row?.t;
}

/** One of the member's transactions; undefined for an unknown id or another member's. */
export async function getTransaction(db: Db, userId: string, id: unknown): Promise<StoredTransaction | undefined> {
  const row = await findOwned(db, userId, id);
  return row && toStored(row);
}

type WarrantInfo = Awaited<ReturnType<typeof warrantTerms>>;
type Prepared = { ok: true; draft: TransactionDraft; fee: number; warnings: string[]; warrant: WarrantInfo };

/** Reads and checks the fields against the market, the clock and the portfolio's fee rates. */
async function prepare(db: Db, portfolio: Portfolio, raw: RawTransaction, today: string): Promise<Prepared | Refusal> {
  const { draft, fields } = readDraft(raw);
  if (!draft) return { ok: false, status: 400, message: Object.values(fields)[0]!, fields };
  const [em] = await db
    .select({ listingDate: emiten.listingDate, delistedAt: emiten.delistedAt })
    .from(emiten)
    .where(eq(emiten.ticker, draft.ticker));
  const [day] = await db
    .select({ low: dailyPrices.low, high: dailyPrices.high })
    .from(dailyPrices)
    .where(and(eq(dailyPrices.ticker, draft.ticker), eq(dailyPrices.date, draft.date)));
  const checked = checkDraft(draft, {
    today,
    emiten: em,
    settings: portfolio.settings,
    day: day ?? null,
    priceConfirmed: String(raw.priceConfirmed ?? '') === '1',
  });
  if (Object.keys(checked.fields).length > 0) {
    return { ok: false, status: 400, message: Object.values(checked.fields)[0]!, fields: checked.fields };
  }
  const warrant = isWarrantCode(draft.ticker) ? await warrantTerms(db, draft.ticker) : undefined;
  if (draft.type === 'warrant_exercise' && !warrant) {
    const message = `Waran ${draft.ticker} belum punya data pelaksanaan (harga dan rasio); hubungi admin.`;
    return { ok: false, status: 400, message, fields: { ticker: message } };
  }
  return { ok: true, draft, fee: checked.fee, warnings: checked.warnings, warrant };
}

/** Refuses a single entry's change whose resulting history breaks a sell or duplicates a paid dividend. */
async function refusalByHistory(
  tx: Tx,
  before: HistoryTransaction[],
  after: HistoryTransaction[],
  changedId: string | null,
  lead: string,
): Promise<Refusal | null> {
  const { oversells, actions } = await historyChange(tx, before, after);
  const [o] = oversells;
  if (o && o.transactionId === changedId) {
    const message = ownOversellMessage(o);
    return { ok: false, status: 409, message, fields: { quantity: message } };
  }
  if (o) return { ok: false, status: 409, message: laterOversellMessage(lead, o) };
  if (changedId) {
    const covered = coveredDividendMessages(after, actions, new Set([changedId])).get(changedId);
    if (covered) return { ok: false, status: 409, message: covered, fields: { type: covered } };
  }
  return null;
}

function values(portfolioId: string, d: TransactionDraft, fee: number) {
  return { portfolioId, date: d.date, ticker: d.ticker, type: d.type, shares: d.shares, price: String(d.price), fee };
}

/** Records a buy, sell or manual dividend in the member's portfolio (default: their first). */
export async function addTransaction(
  db: Db,
  userId: string,
  portfolioId: string | null | undefined,
  raw: RawTransaction,
  opts: WriteOptions,
): Promise<Outcome<{ transaction: StoredTransaction }>> {
  const portfolio = await resolvePortfolio(db, userId, portfolioId);
  if (!portfolio) return NOT_FOUND_PORTFOLIO;
  const p = await prepare(db, portfolio, raw, opts.today);
  if (!p.ok) return p;
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolio.id);
    const before = await loadHistory(tx, portfolio.id, [p.draft.ticker]);
    const candidate = withWarrantTerms(
      { id: 'new', seq: Infinity, portfolioId: portfolio.id, ...p.draft, fee: p.fee },
      p.warrant,
    );
    const refused = await refusalByHistory(tx, before, [...before, candidate], 'new', 'Ditolak');
    if (refused) return refused;
    const [row] = await tx
      .insert(transactions)
      .values(values(portfolio.id, p.draft, p.fee))
      .returning();
    return { ok: true as const, warnings: p.warnings, transaction: toStored(row!) };
  });
}

const TRADE_FIELDS = ['quantity', 'shares', 'lots', 'price', 'type'] as const;

/** The fields of a stored row as raw input, overlaid with the change; the fee follows the rule of `updateTransaction`. */
function mergeRaw(row: Row, change: RawTransaction & { portfolioId?: unknown }, portfolio: Portfolio): RawTransaction {
  const stored: Transaction = { ...row, price: Number(row.price) };
  const tradeChanged = TRADE_FIELDS.some((k) => change[k] !== undefined);
  const autoFee = row.fee === computedFee(stored.type, stored.shares, stored.price, portfolio.settings);
  const merged: RawTransaction = {
    date: change.date ?? row.date,
    ticker: change.ticker ?? row.ticker,
    type: change.type ?? row.type,
    price: change.price ?? row.price,
    fee: change.fee !== undefined ? change.fee : tradeChanged && autoFee ? '' : String(row.fee),
  };
  if (change.quantity !== undefined) Object.assign(merged, { quantity: change.quantity, unit: change.unit });
  else if (change.lots !== undefined) merged.lots = change.lots;
  else merged.shares = change.shares ?? String(row.shares);
  return merged;
}

/**
 * Changes a transaction (any of its fields but the portfolio). Without a `fee`, a fee that was computed
 * is computed again for the new values and a fee entered by hand stays.
 */
export async function updateTransaction(
  db: Db,
  userId: string,
  id: unknown,
  change: RawTransaction & { portfolioId?: unknown },
  opts: WriteOptions,
): Promise<Outcome<{ transaction: StoredTransaction }>> {
  const row = await findOwned(db, userId, id);
  if (!row) return NOT_FOUND_TRANSACTION;
  if (change.portfolioId !== undefined && change.portfolioId !== row.portfolioId) {
    const message = 'Transaksi tidak bisa dipindah ke portofolio lain; hapus lalu catat ulang di portofolio tujuan.';
    return { ok: false, status: 400, message, fields: { portfolioId: message } };
  }
  const portfolio = (await findPortfolio(db, userId, row.portfolioId))!;
  const p = await prepare(db, portfolio, mergeRaw(row, change, portfolio), opts.today);
  if (!p.ok) return p;
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolio.id);
    const tickers = [...new Set([row.ticker, p.draft.ticker])];
    const before = await loadHistory(tx, portfolio.id, tickers);
    const after = before
      .map((t) => (t.id === row.id ? withWarrantTerms({ ...t, ...p.draft, fee: p.fee }, p.warrant) : t))
      .sort(byDateAndSeq);
    const refused = await refusalByHistory(tx, before, after, row.id, 'Perubahan ini ditolak');
    if (refused) return refused;
    const [updated] = await tx
      .update(transactions)
      .set(values(portfolio.id, p.draft, p.fee))
      .where(eq(transactions.id, row.id))
      .returning();
    return { ok: true as const, warnings: p.warnings, transaction: toStored(updated!) };
  });
}

/** Deletes a transaction unless a later sell needs it. Deleting the last row of an import lets that file be imported again. */
export async function deleteTransaction(
  db: Db,
  userId: string,
  id: unknown,
): Promise<Outcome<{ deleted: StoredTransaction }>> {
  const row = await findOwned(db, userId, id);
  if (!row) return NOT_FOUND_TRANSACTION;
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, row.portfolioId);
    const before = await loadHistory(tx, row.portfolioId, [row.ticker]);
    const after = before.filter((t) => t.id !== row.id);
    const refused = await refusalByHistory(tx, before, after, null, 'Transaksi ini tidak bisa dihapus');
    if (refused) return refused;
    await tx.delete(transactions).where(eq(transactions.id, row.id));
    if (row.importId) {
      const [left] = await tx
        .select({ n: count() })
        .from(transactions)
        .where(and(eq(transactions.importId, row.importId), ne(transactions.id, row.id)));
      if (!left?.n) await tx.delete(portfolioImports).where(eq(portfolioImports.id, row.importId));
    }
    return { ok: true as const, warnings: [], deleted: toStored(row) };
  });
}
