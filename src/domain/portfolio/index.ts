/**
 * The portfolio engine (docs/product.md §5): `computePortfolio` for every figure of the portfolio pages,
 * `findFirstOversell` for transaction validation, and the return measures on their own.
 */
export { computePortfolio, DEFAULT_PORTFOLIO_SETTINGS } from './engine';
export { findOversells } from './validation';
export { findCoveredDividends } from './duplicates';
export { TRADING_DAYS_PER_YEAR } from './returns';
export type * from './types';
export {
  CUSTOM_PERIOD,
  openingPeriod,
  PERIODS,
  periodMetrics,
  presetRange,
  type AnyPeriod,
  type DateRange,
  type PeriodKey,
  type PeriodMetrics,
} from './period';
export { factorBetween, shareChanges, splitAdjustedCloses, type ShareChange } from './share-changes';
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
export { decisionKey } from './dividend-tax';
