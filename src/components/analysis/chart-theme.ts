/**
 * Shared look of the research charts (lightweight-charts): Indonesian number and date formats, the
 * site's colours, touch-friendly scrolling that never traps the page on a phone.
 */
import type { ChartOptions, DeepPartial, Time } from 'lightweight-charts';
import { formatNumber } from '../../lib/format';

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
  if (typeof time === 'string') {
    const [y, m, d] = time.split('-').map(Number) as [number, number, number];
    return `${d} ${MONTHS[m - 1]} ${y}`;
  }
  if (typeof time === 'object') return `${time.day} ${MONTHS[time.month - 1]} ${time.year}`;
  const date = new Date(time * 1000);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function baseChartOptions(priceDigits: number): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { color: '#ffffff' },
      textColor: COLORS.muted,
      fontFamily: 'system-ui, sans-serif',
      attributionLogo: true,
    },
    grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
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
