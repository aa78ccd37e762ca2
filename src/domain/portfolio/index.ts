/**
 * The portfolio engine (SPEC §5): `computePortfolio` for every figure of the portfolio pages,
 * `findFirstOversell` for transaction validation, and the return measures on their own.
 */
export { computePortfolio, DEFAULT_PORTFOLIO_SETTINGS } from './engine';
export { findFirstOversell, findOversells } from './validation';
export { findCoveredDividends, type CoveredDividend } from './duplicates';
export { annualise, chainIndex, dailyReturns, maxDrawdown, TRADING_DAYS_PER_YEAR, volatility, xirr } from './returns';
export type * from './types';
export { PERIODS, periodMetrics, periodStart, type PeriodKey, type PeriodMetrics } from './period';
