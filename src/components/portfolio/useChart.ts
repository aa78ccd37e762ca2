import { useEffect, useRef, useState, type RefObject } from 'react';
import type { IChartApi } from 'lightweight-charts';
import { themeColor } from '../../lib/theme';

type LightweightCharts = typeof import('lightweight-charts');

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
    localization: { locale: 'id-ID' },
    rightPriceScale: { borderColor: border },
    timeScale: { borderColor: border },
    handleScroll: false,
    handleScale: false,
  } as const;
}

/**
 * Creates a lightweight-charts chart in the returned box after mount (the library is loaded then, never
 * on the server), rebuilding it when `deps` change; `build` adds the series. A failure to load or
 * build is rethrown during render, so the island's error boundary shows it.
 */
export function useChart(
  build: (lc: LightweightCharts, el: HTMLDivElement) => IChartApi,
  deps: unknown[],
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
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
  }, deps);
  return ref;
}
