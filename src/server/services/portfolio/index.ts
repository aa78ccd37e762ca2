/** Portfolios, transactions, CSV import/export and the engine's reports for a member (docs/product.md §5). */
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
export { computedFee, type RawTransaction } from '../../../domain/portfolio/entry-rules';
export { importTransactions, type ImportReport, type PreviewRow } from './import';
export { exportPortfolioData, exportTransactions } from './export';
export { CSV_HEADER, type ImportProblem } from './csv';
export { computeFor, loadDecisions, loadPortfolioData, type PortfolioData } from './engine-input';
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
export { reportPageState, transactionsPageState, type ReportPageRequest, type TransactionsPageState } from './pages';
export { realisedReport, type RealisedRowView, type RealisedView } from './realised';
export { annualReportFor, isReportYear, reportYears, type AnnualView } from './annual';
export { holdingPage, type HoldingPageView, type PortfolioPosition } from './holding';
export { availableBenchmarks } from './benchmarks';
export { dividendTaxForm, setDividendDecision, type DecisionInput } from './dividend-tax';
export type { MetricsOptions } from './reports';
