/** Demo market data for the embedded default database: trading calendar, generator and loader. */
export {
  addTradingDays,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  tradingDayOnOrBefore,
  tradingDays,
} from './calendar';
export {
  DEMO_GENERATOR_VERSION,
  DEMO_QUARTERS,
  DEMO_YEARS,
  demoTradingDays,
  generateDemoMarket,
  type DemoAction,
  type DemoEmiten,
  type DemoFundamental,
  type DemoIndexPrice,
  type DemoMarket,
  type DemoPrice,
} from './generate';
export { DEMO_SPLIT, UPCOMING_DIVIDEND_TICKERS } from './profile';
export {
  DEMO_META_KEY,
  clearDemoMarket,
  demoMarketInfo,
  loadDemoMarket,
  reloadDemoMarket,
  type DemoLoadCounts,
  type DemoMeta,
} from './load';
