/** Portfolios, transactions, CSV import/export and the engine's reports for a member (docs/product.md §5). */
export * from './types';
export { createPortfolio, ensurePortfolio, findPortfolio, listPortfolios, updatePortfolio } from './portfolios';
export { addTransaction, deleteTransaction, getTransaction, updateTransaction } from './transactions';
export { listTransactions, type TransactionPage } from './list';
export { type RawTransaction } from '../../../domain/portfolio/entry-rules';
export { importTransactions } from './import';
export { exportTransactions } from './export';
export { CSV_HEADER, type ImportProblem } from './csv';
export { computeFor, loadPortfolioData } from './engine-input';
export { dividendsView, holdingsView, metricsView, type DividendRow } from './views';
export { dividendsReport, holdingsOverview, holdingsReport, metricsReport } from './reports';
export { LIST_TYPES, reportPageState, transactionsPageState } from './pages';
export { realisedReport } from './realised';
export { annualReportFor, isReportYear, reportYears, type AnnualView } from './annual';
export { holdingPage } from './holding';
export { dividendTaxForm, setDividendDecision } from './dividend-tax';
