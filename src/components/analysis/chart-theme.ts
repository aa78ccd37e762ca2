/**
 * Shared look of the research charts (lightweight-charts): Indonesian number and date formats, the
 * site's colours, touch-friendly scrolling that never traps the page on a phone.
 */
import { TickMarkType, type ChartOptions, type DeepPartial, type Time } from 'lightweight-charts';
import { formatNumber } from '../../lib/format';
import { themeColor } from '../../lib/theme';

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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** `20 Nov 2026` for a business-day time (string or object). */
export function formatChartTime(time: Time): string {
  const { y, m, d } = parts(time);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

function parts(time: Time): { y: number; m: number; d: number } {
  if (typeof time === 'string') {
    const [y, m, d] = time.split('-').map(Number) as [number, number, number];
    return { y, m, d };
  }
  if (typeof time === 'object') return { y: time.year, m: time.month, d: time.day };
  const date = new Date(time * 1000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** Axis ticks in Indonesian: `2026` at a new year, `Sep` at a new month, the day number otherwise. */
export function formatTickMark(time: Time, type: TickMarkType): string {
  const { y, m, d } = parts(time);
  if (type === TickMarkType.Year) return String(y);
  if (type === TickMarkType.Month) return MONTHS[m - 1]!;
  return String(d);
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
