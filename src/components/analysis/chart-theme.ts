/**
 * Shared look of the research charts (lightweight-charts): Indonesian number and date formats, the
 * site's colours, touch-friendly scrolling that never traps the page on a phone.
 */
import { TickMarkType, type ChartOptions, type DeepPartial, type Time } from 'lightweight-charts';
import { formatNumber } from '../../lib/format';
import { themeColor } from '../../lib/theme';
import { formatChartTime, tickLabel } from '../../lib/chart-time';

export const COLORS = {
  brand: '#0b6b4f',
  brandFill: 'rgba(11, 107, 79, 0.18)',
  brandFillEnd: 'rgba(11, 107, 79, 0.02)',
  up: 'rgba(10, 125, 62, 0.45)',
  down: 'rgba(192, 38, 45, 0.45)',
  target: '#7a5200',
  text: '#17211b',
  muted: '#56635b',
  grid: '#eef1ef',
  mean: '#17211b',
  sd1: '#2b6cb0',
  sd2: '#c0262d',
} as const;

/** Axis ticks in Indonesian (`2026`, `Sep`, `2 Sep`): see `tickLabel`. */
export function formatTickMark(time: Time, type: TickMarkType): string {
  return tickLabel(time, type === TickMarkType.Year ? 'year' : type === TickMarkType.Month ? 'month' : 'day');
}

/** Chart options for the page's current theme (light or dark); see theme-toggle.ts for changes. */
export function baseChartOptions(priceDigits: number): DeepPartial<ChartOptions> {
  const grid = themeColor('--c-subtle', COLORS.grid);
  return {
    autoSize: true,
    layout: {
      background: { color: themeColor('--c-surface', '#ffffff') },
      textColor: themeColor('--c-muted', COLORS.muted),
      fontFamily: 'system-ui, sans-serif',
      // The licence's link to TradingView is in each chart's legend (ui/ChartAttribution).
      attributionLogo: false,
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, tickMarkFormatter: formatTickMark },
    localization: {
      locale: 'id-ID',
      priceFormatter: (p: number) => formatNumber(p, priceDigits),
      timeFormatter: formatChartTime,
    },
    // Vertical swipes scroll the page; only horizontal drags pan the chart.
    handleScroll: { vertTouchDrag: false, mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true },
    handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: false },
  };
}
