/**
 * The rules that need a portfolio's whole history (docs/product.md §5): no sell beyond the shares held on its
 * date, and no change that makes a later sell exceed them; no manual dividend that the corporate-action
 * data already pays. Writes lock the portfolio row first, so two writes cannot pass the check together.
 */
import { and, asc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import {
  findCoveredDividends,
  findOversells,
  type CorporateAction,
  type Oversell,
  type Transaction,
} from '../../../domain/portfolio';
import { formatDate, formatNumber } from '../../../lib/format';
import type { Db, Tx } from '../../db/client';
import { corporateActions, portfolios, transactions, warrants } from '../../db/schema';
import { sharesFromWarrants } from '../../../domain/corporate/warrants';
import { companyOf } from '../../../domain/corporate/codes';

/** Takes the portfolio's row lock until the end of the database transaction. */
export async function lockPortfolio(tx: Tx, portfolioId: string): Promise<void> {
  await tx.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.id, portfolioId)).for('update');
}

/** A stored transaction in engine form, with its entry order. */
export type HistoryTransaction = Transaction & { seq: number };

/** Orders transactions as the engine must see them: by date, then entry order. */
export function byDateAndSeq(a: HistoryTransaction, b: HistoryTransaction): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq;
}

/**
 * The transactions of one portfolio (or several) in engine form, in date and entry order; optionally of
 * some tickers only.
 */
export async function loadHistory(
  db: Db | Tx,
  portfolioIds: string | readonly string[],
  tickers?: string[],
): Promise<HistoryTransaction[]> {
  const ids = typeof portfolioIds === 'string' ? [portfolioIds] : [...portfolioIds];
  if (ids.length === 0) return [];
  const ofPortfolios =
    ids.length === 1 ? eq(transactions.portfolioId, ids[0]!) : inArray(transactions.portfolioId, ids);
  const where = tickers ? and(ofPortfolios, relatedCodes(tickers)) : ofPortfolios;
  const rows = await db
    .select({
      id: transactions.id,
      seq: transactions.seq,
      portfolioId: transactions.portfolioId,
      date: transactions.date,
      ticker: transactions.ticker,
      type: transactions.type,
      shares: transactions.shares,
      price: transactions.price,
      fee: transactions.fee,
      warrant: {
        underlying: warrants.underlying,
        ratioWarrants: warrants.ratioWarrants,
        ratioShares: warrants.ratioShares,
      },
    })
    .from(transactions)
    .leftJoin(warrants, eq(warrants.code, transactions.ticker))
    .where(where)
    .orderBy(asc(transactions.date), asc(transactions.seq));
  return rows.map(({ warrant, ...r }) => withWarrant({ ...r, price: Number(r.price) }, warrant));
}

/** A warrant exercise carries the company it converts into and the shares received (docs/product.md §5.6). */
function withWarrant(
  t: HistoryTransaction,
  w: { underlying: string; ratioWarrants: number; ratioShares: number } | null,
): HistoryTransaction {
  if (t.type !== 'warrant_exercise' || !w) return t;
  return { ...t, underlying: w.underlying, sharesReceived: sharesFromWarrants(t.shares, w) };
}

/**
 * The codes whose transactions change a holding of `tickers`: the codes themselves, their companies
 * and every warrant of those companies (a warrant exercise adds shares to its company).
 */
function relatedCodes(tickers: readonly string[]): SQL | undefined {
  const companies = [...new Set(tickers.map(companyOf))];
  return or(
    inArray(transactions.ticker, [...new Set([...tickers, ...companies])]),
    ...companies.map((c) => like(transactions.ticker, `${c}-%`)),
  );
}

/** The conversion terms of a warrant code; undefined when the code is no known warrant. */
export async function warrantTerms(
  db: Db | Tx,
  code: string,
): Promise<{ underlying: string; ratioWarrants: number; ratioShares: number } | undefined> {
  const [w] = await db
    .select({
      underlying: warrants.underlying,
      ratioWarrants: warrants.ratioWarrants,
      ratioShares: warrants.ratioShares,
    })
    .from(warrants)
    .where(eq(warrants.code, code));
  return w;
}

/** A transaction in engine form with a warrant exercise's company and shares received filled in. */
export function withWarrantTerms(
  t: HistoryTransaction,
  w: { underlying: string; ratioWarrants: number; ratioShares: number } | undefined,
): HistoryTransaction {
  return withWarrant(t, w ?? null);
}

/** Corporate actions of the given tickers in engine form (one query). */
export async function loadActions(db: Db | Tx, tickers: Iterable<string>): Promise<CorporateAction[]> {
  const list = [...new Set(tickers)];
  if (list.length === 0) return [];
  const rows = await db.select().from(corporateActions).where(inArray(corporateActions.ticker, list));
  return rows.map((r) => ({
    ticker: r.ticker,
    type: r.type,
    cumDate: r.cumDate,
    exDate: r.exDate,
    paymentDate: r.paymentDate,
    recordingDate: r.recordingDate,
    amount: r.amount,
    ratioFrom: r.ratioFrom,
    ratioTo: r.ratioTo,
  }));
}

const shares = (n: number) => `${formatNumber(n)} lembar`;

/** "penjualan BBCA 500 lembar pada 14 September 2026" */
function describeSell(o: Oversell): string {
  return `penjualan ${o.ticker} ${shares(o.shares)} pada ${formatDate(o.date)}`;
}

/** A sell that exceeds what was held on its date, as entered. */
export function ownOversellMessage(o: Oversell): string {
  return `Jumlah jual ${shares(o.shares)} ${o.ticker} melebihi saham yang Anda pegang pada ${formatDate(o.date)} (${shares(o.held)}).`;
}

/** A later sell that a change would break: `lead` says what is refused ("Transaksi ini tidak bisa dihapus"). */
export function laterOversellMessage(lead: string, o: Oversell): string {
  return `${lead} karena ${describeSell(o)} akan melebihi saham yang dipegang saat itu (${shares(o.held)}). Ubah atau hapus penjualan itu lebih dulu.`;
}

/** Sells that exceed holdings in `after` but did not in `before` (old data problems are not blamed on a change). */
function newOversells(
  before: readonly Transaction[],
  after: readonly Transaction[],
  actions: readonly CorporateAction[],
): Oversell[] {
  const found = findOversells(after, actions);
  if (found.length === 0) return found;
  const old = new Map(findOversells(before, actions).map((o) => [o.transactionId, o.held]));
  return found.filter((o) => !old.has(o.transactionId) || o.held < old.get(o.transactionId)!);
}

/**
 * The history rules' view of a change from `before` to `after` (a single entry's or an import's): the
 * sells it makes exceed holdings (`newOversells`), and the corporate actions of every code in `after`
 * and of the codes its warrants convert into, which the dividend rule (`coveredDividendMessages`) reads
 * too. One query.
 */
export async function historyChange(
  db: Db | Tx,
  before: readonly HistoryTransaction[],
  after: readonly HistoryTransaction[],
): Promise<{ oversells: Oversell[]; actions: CorporateAction[] }> {
  const actions = await loadActions(
    db,
    after.flatMap((t) => (t.underlying ? [t.ticker, t.underlying] : [t.ticker])),
  );
  return { oversells: newOversells(before, after, actions), actions };
}

/** For each of `ids` that is a manual dividend the data already pays: why it is refused. */
export function coveredDividendMessages(
  list: readonly Transaction[],
  actions: readonly CorporateAction[],
  ids: ReadonlySet<string>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of findCoveredDividends(list, actions)) {
    if (!ids.has(c.transactionId)) continue;
    out.set(
      c.transactionId,
      `Dividen ${c.ticker} yang dibayar ${formatDate(c.date)} (Rp ${formatNumber(Number(c.amountPerShare), 4)} per lembar) sudah tercatat otomatis dari data aksi korporasi; tidak perlu dicatat manual.`,
    );
  }
  return out;
}
