/**
 * The price chart's data and drawing, apart from its view: `usePriceBars` loads the bars from the
 * public `/api/emiten/{ticker}/harga` endpoint; `usePriceChart` draws close (area), volume and the
 * analysts' target steps with a marker per analysis into the given element, and redraws when the shown
 * bars change.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
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
import { targetSteps, type ChartTarget } from '../../lib/chart-range';
import { baseChartOptions, COLORS } from './chart-theme';

export interface Bar {
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

/** The ticker's daily bars (null while loading) and whether loading failed. */
export function usePriceBars(ticker: string): { bars: Bar[] | null; failed: boolean } {
  const [bars, setBars] = useState<Bar[] | null>(null);
  const [failed, setFailed] = useState(false);
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
  return { bars, failed };
}

/** Draws `shown` and the targets into `box` once `bars` are there; the chart lives as long as the bars. */
export function usePriceChart(
  box: RefObject<HTMLDivElement | null>,
  bars: Bar[] | null,
  shown: Bar[],
  targets: ChartTarget[],
): void {
  const handles = useRef<Handles | null>(null);

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
    // Volume gets a pane of its own below the prices, so its bars never run under the price labels.
    const volume = chart.addSeries(
      HistogramSeries,
      { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
      1,
    );
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    area.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.05 } });
    const target = chart.addSeries(LineSeries, {
      color: COLORS.target,
      lineWidth: 2,
      lineStyle: LineStyle.Dashed,
      lineType: LineType.WithSteps,
      // The target's value is named in the legend and the history; an axis label would cover prices.
      lastValueVisible: false,
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
  }, [box, bars]);

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
}
