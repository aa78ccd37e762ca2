/** One holding's price chart with the member's buys (▲ below) and sells (▼ above), and a text alternative. */
import type { DailyClose } from '../../domain/portfolio/types';
import { formatNumber, formatRupiah, formatShortDate } from '../../lib/format';
import { withBoundary } from '../ui/IslandBoundary';
import { baseOptions, seriesColors, useChart } from './useChart';

export interface ChartTrade {
  date: string;
  type: 'buy' | 'sell';
  shares: number;
  price: number;
}

interface Props {
  ticker: string;
  closes: DailyClose[];
  trades: ChartTrade[];
}

function HoldingChart({ ticker, closes, trades }: Props) {
  const ref = useChart(
    (lc, el) => {
      const chart = lc.createChart(el, baseOptions(lc));
      const colors = seriesColors();
      const line = chart.addSeries(lc.LineSeries, { color: colors.brand, lineWidth: 2, title: ticker });
      line.setData(closes.map((c) => ({ time: c.date, value: c.close })));
      lc.createSeriesMarkers(
        line,
        [...trades]
          .sort((a, b) => a.date.localeCompare(b.date))
          .map((t) => ({
            time: t.date,
            position: t.type === 'buy' ? ('belowBar' as const) : ('aboveBar' as const),
            shape: t.type === 'buy' ? ('arrowUp' as const) : ('arrowDown' as const),
            color: t.type === 'buy' ? colors.brand : colors.down,
            text: t.type === 'buy' ? 'B' : 'J',
          })),
      );
      chart.timeScale().fitContent();
      return chart;
    },
    [closes, trades, ticker],
  );
  return (
    <figure className="chart-figure">
      <div className="chart-legend small" aria-hidden="true">
        <span className="legend-brand">▲ beli</span> <span className="legend-down">▼ jual</span>
      </div>
      <div
        ref={ref}
        className="chart-box"
        role="img"
        aria-label={`Grafik harga ${ticker} dengan tanda pembelian dan penjualan Anda; daftar transaksi ada di bawahnya`}
      />
      <details className="small">
        <summary>Transaksi pada grafik</summary>
        <ul>
          {trades.map((t, i) => (
            <li key={i}>
              {formatShortDate(t.date)}: {t.type === 'buy' ? 'beli' : 'jual'} {formatNumber(t.shares)} lembar @{' '}
              {formatRupiah(t.price)}
            </li>
          ))}
        </ul>
      </details>
    </figure>
  );
}

export default withBoundary(HoldingChart);
