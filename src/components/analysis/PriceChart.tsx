/**
 * Price chart island of an emiten page: close (area) and volume for 1B/3B/1T/3T/5T, with the analysts'
 * target prices as a dashed step line and a marker on each analysis date. Bars come from the public
 * `/api/emiten/{ticker}/harga` endpoint, restated in today's share count.
 */
import { useMemo, useRef, useState } from 'react';
import { withBoundary } from '../ui/IslandBoundary';
import { CHART_RANGES, DEFAULT_RANGE, sliceRange, type ChartTarget, type RangeKey } from '../../lib/chart-range';
import { formatPercent, formatRupiah, formatShortDate } from '../../lib/format';
import { usePriceBars, usePriceChart } from './usePriceChart';
import { ChartAttribution } from '../ui/ChartAttribution';
import './research.css';

interface Props {
  ticker: string;
  targets: ChartTarget[];
}

function PriceChart({ ticker, targets }: Props) {
  const { bars, failed } = usePriceBars(ticker);
  const [range, setRange] = useState<RangeKey>(DEFAULT_RANGE);
  const box = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => (bars ? sliceRange(bars, range) : []), [bars, range]);

  usePriceChart(box, bars, shown, targets);

  const first = shown[0];
  const last = shown.at(-1);
  const label = CHART_RANGES.find((r) => r.key === range)?.label ?? '';
  const change = first && last ? last.close / first.close - 1 : null;
  const summary =
    first && last && change !== null
      ? `Harga ${ticker} ${label} terakhir: dari ${formatRupiah(first.close)} (${formatShortDate(first.date)}) ke ${formatRupiah(last.close)} (${formatShortDate(last.date)}), ${formatPercent(change, { sign: true })}.`
      : '';

  return (
    <div className="price-chart">
      <div className="chart-toolbar" role="group" aria-label="Rentang waktu grafik">
        {CHART_RANGES.map((r) => (
          <button
            key={r.key}
            type="button"
            className="range-btn"
            aria-pressed={range === r.key}
            aria-label={`${r.key}, ${r.label}`}
            title={r.label}
            onClick={() => setRange(r.key)}
          >
            {r.key}
          </button>
        ))}
        {change !== null && (
          <span className={`chart-change num ${change >= 0 ? 'up' : 'down'}`}>
            {formatPercent(change, { sign: true })}
          </span>
        )}
      </div>
      {failed ? (
        <p className="alert alert-error" role="alert">
          Grafik harga tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.
        </p>
      ) : (
        // The canvas says nothing to a screen reader; the caption below carries the same facts in words.
        <div ref={box} className="chart-box" data-testid="price-chart" data-ready={bars ? 'true' : 'false'}>
          {!bars && <span className="muted small chart-loading">Memuat grafik…</span>}
        </div>
      )}
      <p className="small chart-caption" aria-live="polite" data-testid="price-chart-caption">
        {summary}
      </p>
      <p className="muted small chart-legend">
        <span className="legend-line" aria-hidden="true" /> Target harga analis · tanda B/T/J = tanggal analisis
        Beli/Tahan/Jual · panel bawah = volume · <ChartAttribution />
      </p>
    </div>
  );
}

export default withBoundary(PriceChart);
