/** Portfolios, transactions, CSV import/export and the engine's reports for a member (SPEC §5). */
export * from './types';
export {
  DEFAULT_PORTFOLIO_NAME,
  createPortfolio,
  ensurePortfolio,
  findPortfolio,
  listPortfolios,
  resolvePortfolio,
  updatePortfolio,
} from './portfolios';
export { addTransaction, deleteTransaction, getTransaction, updateTransaction } from './transactions';
export { listTransactions, type TransactionPage } from './list';
export { computedFee, type RawTransaction } from './rules';
export { importTransactions, type ImportReport, type PreviewRow } from './import';
export { exportPortfolioData, exportTransactions } from './export';
export { CSV_HEADER, type ImportProblem } from './csv';
export { computeFor, loadPortfolioData, type PortfolioData } from './report';
export {
  dividendsView,
  holdingsView,
  metricsView,
  type DividendRow,
  type DividendsView,
  type HoldingRow,
  type HoldingsView,
  type MetricsView,
  type PortfolioRef,
} from './views';
export { dividendsReport, holdingsOverview, holdingsReport, metricsReport, type ReportOptions } from './reports';
export { transactionsPageState, type TransactionsPageState } from './pages';
