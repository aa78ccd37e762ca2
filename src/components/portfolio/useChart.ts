import { useEffect, useRef, useState, type RefObject } from 'react';
import type { IChartApi } from 'lightweight-charts';
import { themeColor } from '../../lib/theme';
import { formatChartTime, tickLabel, type ChartTime } from '../../lib/chart-time';

type LightweightCharts = typeof import('lightweight-charts');

/**
 * Series colours of the current theme: the brand green, a contrasting gold for a benchmark line, and
 * the colour of losses (sells). The legends use the same custom properties in CSS.
 */
export function seriesColors() {
  return {
    brand: themeColor('--c-brand', '#0b6b4f'),
    benchmark: themeColor('--c-warn', '#7a5200'),
    down: themeColor('--c-down', '#c0262d'),
  };
}

/**
 * Chart options shared by the portfolio charts: Indonesian locale, the colours of the page's current
 * theme (light or dark), sized by its box.
 */
export function baseOptions(lc: LightweightCharts) {
  const grid = themeColor('--c-subtle', '#eef1ef');
  const border = themeColor('--c-border', '#dde3de');
  return {
    autoSize: true,
    layout: {
      background: { type: lc.ColorType.Solid, color: themeColor('--c-surface', '#ffffff') },
      textColor: themeColor('--c-muted', '#56635b'),
      fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
      attributionLogo: false,
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    localization: { locale: 'id-ID', timeFormatter: (t: ChartTime) => formatChartTime(t) },
    rightPriceScale: { borderColor: border },
    timeScale: {
      borderColor: border,
      // Indonesian month names on the axis (`Sep`, not the day number the library shows by default).
      tickMarkFormatter: (t: ChartTime, type: number) =>
        tickLabel(t, type === lc.TickMarkType.Year ? 'year' : type === lc.TickMarkType.Month ? 'month' : 'day'),
    },
    handleScroll: false,
    handleScale: false,
  } as const;
}

/** The page's colour theme, updated when the header's theme button (theme-toggle.ts) changes it. */
function useThemeName(): string {
  const [theme, setTheme] = useState(() =>
    typeof document === 'undefined' ? 'light' : (document.documentElement.dataset.theme ?? 'light'),
  );
  useEffect(() => {
    const onTheme = (e: Event) => setTheme(String((e as CustomEvent<string>).detail));
    document.addEventListener('telaah:theme', onTheme);
    return () => document.removeEventListener('telaah:theme', onTheme);
  }, []);
  return theme;
}

/**
 * Creates a lightweight-charts chart in the returned box after mount (the library is loaded then, never
 * on the server), rebuilding it when `deps` or the colour theme change; `build` adds the series, taking
 * its colours from the theme (`seriesColors`). A failure to load or
 * build is rethrown during render, so the island's error boundary shows it.
 */
export function useChart(
  build: (lc: LightweightCharts, el: HTMLDivElement) => IChartApi,
  deps: unknown[],
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const theme = useThemeName();
  if (failure) throw failure.error;
  useEffect(() => {
    let chart: IChartApi | undefined;
    let cancelled = false;
    import('lightweight-charts')
      .then((lc) => {
        if (cancelled || !ref.current) return;
        chart = build(lc, ref.current);
      })
      .catch((error: unknown) => setFailure({ error }));
    return () => {
      cancelled = true;
      chart?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, theme]);
  return ref;
}
