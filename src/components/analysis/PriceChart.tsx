/**
 * Price chart island of an emiten page: close (area) and volume for 1B/3B/1T/3T/5T, with the analysts'
 * target prices as a dashed step line and a marker on each analysis date. Bars come from the public
 * `/api/emiten/{ticker}/harga` endpoint, restated in today's share count.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AreaSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineStyle,
  LineType,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
} from 'lightweight-charts';
import { withBoundary } from '../ui/IslandBoundary';
import {
  CHART_RANGES,
  DEFAULT_RANGE,
  sliceRange,
  targetSteps,
  type ChartTarget,
  type RangeKey,
} from '../../lib/chart-range';
import { formatPercent, formatRupiah, formatShortDate } from '../../lib/format';
import { baseChartOptions, COLORS } from './chart-theme';
import './research.css';

interface Props {
  ticker: string;
  targets: ChartTarget[];
}

interface Bar {
  date: string;
  close: number;
  volume: number;
}

interface Handles {
  chart: IChartApi;
  area: ISeriesApi<'Area'>;
  volume: ISeriesApi<'Histogram'>;
  target: ISeriesApi<'Line'>;
  markers: ISeriesMarkersPluginApi<Time>;
}

const RATING = {
  beli: { letter: 'B', color: '#0a7d3e' },
  tahan: { letter: 'T', color: '#7a5200' },
  jual: { letter: 'J', color: '#c0262d' },
};

function PriceChart({ ticker, targets }: Props) {
  const [bars, setBars] = useState<Bar[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [range, setRange] = useState<RangeKey>(DEFAULT_RANGE);
  const box = useRef<HTMLDivElement>(null);
  const handles = useRef<Handles | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    fetch(`/api/emiten/${ticker}/harga`, { signal: ctrl.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((body: { bars: [string, number, number, number, number, number][] }) =>
        setBars(body.bars.map(([date, , , , close, volume]) => ({ date, close, volume }))),
      )
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) {
          console.error(e);
          setFailed(true);
        }
      });
    return () => ctrl.abort();
  }, [ticker]);

  useEffect(() => {
    if (!box.current || !bars) return;
    const chart = createChart(box.current, baseChartOptions(0));
    const area = chart.addSeries(AreaSeries, {
      lineColor: COLORS.brand,
      topColor: COLORS.brandFill,
      bottomColor: COLORS.brandFillEnd,
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 0, minMove: 1 },
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    area.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    const target = chart.addSeries(LineSeries, {
      color: COLORS.target,
      lineWidth: 2,
      lineStyle: LineStyle.Dashed,
      lineType: LineType.WithSteps,
      lastValueVisible: true,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
      title: 'Target',
    });
    handles.current = { chart, area, volume, target, markers: createSeriesMarkers(area, []) };
    // autoSize keeps the scroll position on resize, which can push the last bars out of view on a phone.
    const refit = new ResizeObserver(() => chart.timeScale().fitContent());
    refit.observe(box.current);
    return () => {
      refit.disconnect();
      handles.current = null;
      chart.remove();
    };
  }, [bars]);

  const shown = useMemo(() => (bars ? sliceRange(bars, range) : []), [bars, range]);

  useEffect(() => {
    const h = handles.current;
    const first = shown[0];
    const last = shown.at(-1);
    if (!h || !first || !last) return;
    h.area.setData(shown.map((b) => ({ time: b.date, value: b.close })));
    h.volume.setData(
      shown.map((b, i) => ({
        time: b.date,
        value: b.volume,
        color: i > 0 && b.close < shown[i - 1]!.close ? COLORS.down : COLORS.up,
      })),
    );
    h.target.setData(targetSteps(targets, first.date, last.date).map((t) => ({ time: t.date, value: t.price })));
    h.markers.setMarkers(
      targets
        .map((t) => ({ t, bar: shown.find((b) => b.date >= t.date) }))
        .filter((m): m is { t: ChartTarget; bar: Bar } => m.bar !== undefined && m.t.date >= first.date)
        .map(({ t, bar }) => ({
          time: bar.date,
          position: 'aboveBar' as const,
          shape: 'circle' as const,
          color: RATING[t.rating].color,
          text: RATING[t.rating].letter,
        })),
    );
    h.chart.timeScale().fitContent();
  }, [shown, targets]);

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
        Beli/Tahan/Jual · batang bawah = volume
      </p>
    </div>
  );
}

export default withBoundary(PriceChart);
