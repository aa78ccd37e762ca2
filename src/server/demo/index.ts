/** Demo market data for the embedded default database: the loader (calendar and generator sit beside it). */
export { clearDemoMarket, demoMarketInfo, loadDemoMarket, reloadDemoMarket, type DemoLoadCounts } from './load';
