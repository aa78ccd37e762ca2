/** Market data versions and what is derived from them: the version, per-version caches and price series. */
export { currentMarketVersion, marketVersion, marketVersionInMemory, markMarketChanged } from './version';
