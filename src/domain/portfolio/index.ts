/**
 * The portfolio engine (docs/product.md §5): `computePortfolio` for every figure of the portfolio pages,
 * `findFirstOversell` for transaction validation, and the return measures on their own.
 */
export { computePortfolio, DEFAULT_PORTFOLIO_SETTINGS } from './engine';
export { findFirstOversell, findOversells } from './validation';
export { findCoveredDividends, type CoveredDividend } from './duplicates';
export { annualise, chainIndex, dailyReturns, maxDrawdown, TRADING_DAYS_PER_YEAR, volatility, xirr } from './returns';
export type * from './types';
export { applyDividendTax } from './dividend-coverage';
export {
  CUSTOM_PERIOD,
  DEFAULT_PERIOD,
  openingPeriod,
  PERIODS,
  periodMetrics,
  periodStart,
  presetRange,
  type AnyPeriod,
  type DateRange,
  type PeriodKey,
  type PeriodMetrics,
} from './period';
export {
  factorBetween,
  shareChanges,
  splitAdjustedCloses,
  type ShareChange,
  type ShareChangeType,
} from './share-changes';
export { breakEvenSellPrice, realisedByYear, realisedRows, type RealisedRow, type RealisedYear } from './realised';
export {
  annualReport,
  SALE_FINAL_TAX_BPS,
  yearEnd,
  type AnnualDividend,
  type AnnualExemptDividend,
  type AnnualRealisation,
  type AnnualTaxWay,
  type AnnualHolding,
  type AnnualReport,
  type AnnualSale,
} from './annual';
export { positionHistory, type PositionStep } from './position-history';
export {
  corporateDividendKey,
  decisionKey,
  DIVIDEND_TAX_PCT,
  GROSS_DIVIDENDS_FROM,
  holdUntil,
  investDeadline,
  manualDividendKey,
  selfPayDeadline,
} from './dividend-tax';
