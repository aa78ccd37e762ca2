/**
 * The link to TradingView that the licence of the chart library (lightweight-charts) asks for, shown in
 * each chart's legend; the charts turn off the library's own logo, which would cover data.
 */
export const ATTRIBUTION_URL = 'https://www.tradingview.com/';

export function ChartAttribution() {
  return (
    <>
      grafik:{' '}
      <a href={ATTRIBUTION_URL} rel="noopener" target="_blank">
        TradingView Lightweight Charts
      </a>
    </>
  );
}
