/**
 * Draws an emiten's price chart with lightweight-charts: close (area), volume in a pane of its own, the
 * analysts' target steps and a marker per analysis. Loaded by the price chart (price-chart.ts) only
 * once the chart is on screen and its bars are there, so the library never delays a research page.
 */
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
import type { ChartTarget } from '../../lib/island-props';
import { targetSteps } from './chart-range';
import { baseChartOptions, COLORS } from './chart-theme';

export interface Bar {
  date: string;
  close: number;
  volume: number;
}

export interface PriceChartHandle {
  /** Shows these bars (one range of the history) and the targets that fall in them. */
  show(shown: readonly Bar[], targets: readonly ChartTarget[]): void;
}

const RATING = {
  beli: { letter: 'B', color: '#0a7d3e' },
  tahan: { letter: 'T', color: '#7a5200' },
  jual: { letter: 'J', color: '#c0262d' },
};

/** Creates the chart in `box`; it lives as long as the page. */
export function createPriceChart(box: HTMLElement): PriceChartHandle {
  const chart: IChartApi = createChart(box, baseChartOptions(0));
  const area: ISeriesApi<'Area'> = chart.addSeries(AreaSeries, {
    lineColor: COLORS.brand,
    topColor: COLORS.brandFill,
    bottomColor: COLORS.brandFillEnd,
    lineWidth: 2,
    priceFormat: { type: 'price', precision: 0, minMove: 1 },
  });
  // Volume gets a pane of its own below the prices, so its bars never run under the price labels.
  const volume: ISeriesApi<'Histogram'> = chart.addSeries(
    HistogramSeries,
    { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
    1,
  );
  chart.panes()[0]?.setStretchFactor(3);
  chart.panes()[1]?.setStretchFactor(1);
  area.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.05 } });
  const target: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
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
  const markers: ISeriesMarkersPluginApi<Time> = createSeriesMarkers(area, []);
  // autoSize keeps the scroll position on resize, which can push the last bars out of view on a phone.
  new ResizeObserver(() => chart.timeScale().fitContent()).observe(box);

  return {
    show(shown, targets) {
      const first = shown[0];
      const last = shown.at(-1);
      if (!first || !last) return;
      area.setData(shown.map((b) => ({ time: b.date, value: b.close })));
      volume.setData(
        shown.map((b, i) => ({
          time: b.date,
          value: b.volume,
          color: i > 0 && b.close < shown[i - 1]!.close ? COLORS.down : COLORS.up,
        })),
      );
      target.setData(targetSteps(targets, first.date, last.date).map((t) => ({ time: t.date, value: t.price })));
      markers.setMarkers(
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
      chart.timeScale().fitContent();
    },
  };
}
