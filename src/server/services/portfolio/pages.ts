/**
 * What the portfolio pages read for a request: for /portofolio/transaksi the portfolios, the chosen one, a
 * page of transactions and the row being edited or deleted; for the report pages (/portofolio/dividen,
 * /portofolio/metrics) the portfolio picked, today in WIB, the period asked for and the picker's list.
 */
import type { Db } from '../../db/client';
import { now } from '../../clock';
import { wibDate } from '../../../domain/dates';
import { PAGE_PARAMS, parsePeriodQuery, type PeriodQuery } from './period-query';
import { emitenDirectory } from '../research/emiten-directory';
import { findPortfolio, listPortfolios } from './portfolios';
import { listTransactions, type TransactionPage } from './list';
import { getTransaction } from './transactions';
import type { Portfolio, StoredTransaction } from './types';
import type { TransactionType } from '../../../domain/portfolio';

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
  q: {
    portfolioId?: string | null;
    page?: number;
    editId?: string | null;
    deleteId?: string | null;
    /** The list's filters (`?kode=`, `?jenis=`), read leniently: anything else means no filter. */
    ticker?: string | null;
    type?: string | null;
  },
): Promise<TransactionsPageState | undefined> {
  const portfolios = await listPortfolios(db, userId);
  const selected = q.portfolioId && q.portfolioId !== 'semua' ? await findPortfolio(db, userId, q.portfolioId) : null;
  if (selected === undefined) return undefined;
  const [list, editing, deleting, tickers] = await Promise.all([
    listTransactions(db, userId, {
      portfolioId: selected?.id,
      page: q.page,
      ticker: listTicker(q.ticker),
      type: Object.hasOwn(LIST_TYPES, q.type ?? '') ? LIST_TYPES[q.type!]! : null,
    }),
    q.editId ? getTransaction(db, userId, q.editId) : undefined,
    q.deleteId ? getTransaction(db, userId, q.deleteId) : undefined,
    // The cached directory (read once per market data version), not the emiten table per request.
    emitenDirectory(db).then((d) => d.entries.map((e) => ({ ticker: e.t, name: e.n }))),
  ]);
  return { portfolios, selected, list, editing: editing ?? null, deleting: deleting ?? null, tickers };
}

/** The transaction list's type filter: the `?jenis=` value (Indonesian, in the URL) and the type it keeps. */
export const LIST_TYPES: Record<string, TransactionType> = { beli: 'buy', jual: 'sell', dividen: 'dividend' };
/** A stock code to filter by, or null (empty or not a code). */
const listTicker = (raw: string | null | undefined) => {
  const t = (raw ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{4,7}$/.test(t) ? t : null;
};

export interface ReportPageRequest {
  userId: string;
  params: URLSearchParams;
  /** The portfolio in `?portofolio=`; null for all (absent or `semua`). */
  selectedId: string | null;
  /** Today in WIB by the app clock. */
  today: string;
  /** The period in `?periode=` / `?dari=` / `?sampai=`, or why it was refused. */
  query: PeriodQuery;
}

/** A report page's request read once, its report loaded by `load` beside the member's portfolios (for the picker). */
export async function reportPageState<V>(
  db: Db,
  userId: string,
  params: URLSearchParams,
  load: (request: ReportPageRequest) => Promise<V>,
): Promise<ReportPageRequest & { view: V; portfolios: Portfolio[] }> {
  const portfolioId = params.get('portofolio');
  const today = wibDate(now());
  const request: ReportPageRequest = {
    userId,
    params,
    selectedId: portfolioId && portfolioId !== 'semua' ? portfolioId : null,
    today,
    query: parsePeriodQuery(params, PAGE_PARAMS, today),
  };
  const [view, portfolios] = await Promise.all([load(request), listPortfolios(db, userId)]);
  return { ...request, view, portfolios };
}
