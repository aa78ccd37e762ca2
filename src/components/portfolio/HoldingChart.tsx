/**
 * One holding's price chart, split-adjusted (every close in the share count of the last one, as on the
 * emiten page), with the member's buys (▲ below) and sells (▼ above) at their restated prices, a marker
 * for each corporate action (S share change, D dividend), the average price as a dashed line, and a text
 * alternative.
 */
import { useMemo } from 'react';
import type { DailyClose } from '../../domain/portfolio/types';
import { unpackSeries } from '../../domain/packed-series';
import type { ChartEvent } from '../../server/services/portfolio';
import { formatNumber, formatRupiah, formatShortDate } from '../../lib/format';
import { shareChangeLabel } from '../../lib/labels';
import { withBoundary } from '../ui/IslandBoundary';
import { baseOptions, seriesColors, useChart } from './useChart';

export interface ChartTrade {
  date: string;
  type: 'buy' | 'sell';
  shares: number;
  price: number;
  /** The price in the share count of the chart's last close. */
  adjustedPrice: number;
}

interface Props {
  ticker: string;
  /** The split-adjusted closes, packed (`packSeries`: a fraction of their size as props). */
  closes: string;
  trades: ChartTrade[];
  events: ChartEvent[];
  /** The current average price (already in today's share count); null once everything was sold. */
  averagePrice: number | null;
}

/** The first close dated on or after `date`: a marker must sit on a day of the series. */
function snap(closes: DailyClose[], date: string): string | undefined {
  return closes.find((c) => c.date >= date)?.date;
}

const eventText = (e: ChartEvent) =>
  e.kind === 'dividend'
    ? `dividen Rp ${formatNumber(Number(e.amountPerShare), 2)} per saham (ex date)`
    : shareChangeLabel(e.change).toLowerCase();

function HoldingChart({ ticker, closes: packed, trades, events, averagePrice }: Props) {
  const closes = useMemo(() => unpackSeries(packed, 'close'), [packed]);
  const ref = useChart(
    (lc, el) => {
      const base = baseOptions(lc);
      const chart = lc.createChart(el, {
        ...base,
        localization: { ...base.localization, priceFormatter: (v: number) => formatNumber(v, 2) },
      });
      const colors = seriesColors();
      const line = chart.addSeries(lc.LineSeries, { color: colors.brand, lineWidth: 2, title: ticker });
      line.setData(closes.map((c) => ({ time: c.date, value: c.close })));
      if (averagePrice !== null) {
        line.createPriceLine({
          price: averagePrice,
          color: colors.benchmark,
          lineWidth: 1,
          lineStyle: lc.LineStyle.Dashed,
          axisLabelVisible: true,
          title: 'Rata-rata',
        });
      }
      const tradeMarks = trades.map((t) => ({
        time: t.date,
        position: t.type === 'buy' ? ('belowBar' as const) : ('aboveBar' as const),
        shape: t.type === 'buy' ? ('arrowUp' as const) : ('arrowDown' as const),
        color: t.type === 'buy' ? colors.brand : colors.down,
        text: t.type === 'buy' ? 'B' : 'J',
      }));
      const eventMarks = events.flatMap((e) => {
        const time = snap(closes, e.date);
        if (!time) return [];
        const text = e.kind === 'dividend' ? 'D' : 'S';
        return [{ time, position: 'aboveBar' as const, shape: 'circle' as const, color: colors.benchmark, text }];
      });
      lc.createSeriesMarkers(
        line,
        [...tradeMarks, ...eventMarks].sort((a, b) => a.time.localeCompare(b.time)),
      );
      chart.timeScale().fitContent();
      return chart;
    },
    [closes, trades, events, averagePrice, ticker],
  );
  return (
    <figure className="chart-figure">
      <div className="chart-legend small" aria-hidden="true">
        <span className="legend-brand">▲ beli</span> <span className="legend-down">▼ jual</span>{' '}
        <span className="legend-benchmark">● S split · D dividen</span>{' '}
        {averagePrice !== null && <span className="legend-benchmark">╌ harga rata-rata</span>}
      </div>
      <div
        ref={ref}
        className="chart-box"
        role="img"
        aria-label={`Grafik harga ${ticker} (disesuaikan dengan split) dengan tanda pembelian, penjualan dan aksi korporasi; daftarnya ada di bawah grafik`}
      />
      <p className="small muted">
        Harga disesuaikan dengan split dan saham bonus (setara jumlah saham hari ini), seperti di halaman emiten.
        {averagePrice !== null && ` Garis putus-putus: harga rata-rata Anda ${formatRupiah(Math.round(averagePrice))}.`}
      </p>
      <details className="small">
        <summary>Transaksi dan aksi korporasi pada grafik</summary>
        <ul>
          {trades.map((t, i) => (
            <li key={`t${i}`}>
              {formatShortDate(t.date)}: {t.type === 'buy' ? 'beli' : 'jual'} {formatNumber(t.shares)} lembar @{' '}
              {formatRupiah(t.price)}
              {Math.abs(t.adjustedPrice - t.price) > 1e-9 &&
                ` (setara ${formatNumber(t.adjustedPrice, 2)} setelah split)`}
            </li>
          ))}
          {events.map((e, i) => (
            <li key={`e${i}`}>
              {formatShortDate(e.date)}: {eventText(e)}
            </li>
          ))}
        </ul>
      </details>
    </figure>
  );
}

export default withBoundary(HoldingChart);
