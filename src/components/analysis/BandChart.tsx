/**
 * A PER or PBV band: the ratio over time with its mean and ±1σ/±2σ lines, and a sentence saying where
 * today's value sits. Part of the valuation island.
 */
import { themeColor } from '../../lib/theme';
import { useEffect, useMemo, useRef } from 'react';
import { createChart, LineSeries, LineStyle } from 'lightweight-charts';
import type { BandStats } from '../../domain/valuation';
import type { BandData } from '../../lib/island-props';
import { unpackSeries } from '../../domain/packed-series';
import { formatPercent, formatShortDate } from '../../lib/format';
import { formatMultiple as multiple } from '../../lib/format-research';
import { baseChartOptions, COLORS } from './chart-theme';
import { ChartAttribution } from '../ui/ChartAttribution';

interface Props {
  kind: 'PER' | 'PBV';
  band: BandData;
}

/** Where the current value sits against its own history, in words. */
function bandPosition(s: BandStats): string {
  if (s.current < s.mean - s.sd) return 'relatif murah dibanding sejarahnya (di bawah −1σ)';
  if (s.current > s.mean + s.sd) return 'relatif mahal dibanding sejarahnya (di atas +1σ)';
  return s.current < s.mean ? 'sedikit di bawah rata-ratanya' : 'sedikit di atas rata-ratanya';
}

export function BandChart({ kind, band }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const s = band.stats;
  const points = useMemo(() => unpackSeries(band.points, 'value'), [band.points]);

  useEffect(() => {
    if (!box.current || !s || points.length < 2) return;
    const chart = createChart(box.current, baseChartOptions(1));
    const line = chart.addSeries(LineSeries, {
      color: COLORS.brand,
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 1, minMove: 0.1 },
      // The current multiple is in the summary above; its tag on the axis covered the axis' own labels.
      lastValueVisible: false,
    });
    line.setData(points.map(({ date, value }) => ({ time: date, value })));
    const lines: [number, string, string, LineStyle][] = [
      // The page's text colour: dark on the light theme, light on the dark one (a fixed near-black vanished there).
      [s.mean, 'Rata-rata', themeColor('--c-text', COLORS.mean), LineStyle.Solid],
      [s.mean + s.sd, '+1σ', COLORS.sd1, LineStyle.Dashed],
      [s.mean - s.sd, '−1σ', COLORS.sd1, LineStyle.Dashed],
      [s.mean + 2 * s.sd, '+2σ', COLORS.sd2, LineStyle.Dotted],
      [s.mean - 2 * s.sd, '−2σ', COLORS.sd2, LineStyle.Dotted],
    ];
    for (const [price, title, color, lineStyle] of lines) {
      // Titled lines without axis labels: labels on the axis would cover its values.
      if (price > 0) line.createPriceLine({ price, title, color, lineStyle, lineWidth: 1, axisLabelVisible: false });
    }
    chart.timeScale().fitContent();
    const refit = new ResizeObserver(() => chart.timeScale().fitContent());
    refit.observe(box.current);
    return () => {
      refit.disconnect();
      chart.remove();
    };
  }, [points, s]);

  const from = points[0]?.date;
  if (!s) {
    return (
      <section className="band" aria-label={`Band ${kind}`}>
        <h3>Band {kind}</h3>
        <p className="muted small">
          {kind === 'PER'
            ? 'PER tidak bermakna saat laba 4 kuartal terakhir negatif atau datanya kurang.'
            : 'Data ekuitas belum cukup untuk band PBV.'}
        </p>
      </section>
    );
  }
  const summary = `${kind} saat ini ${multiple(s.current)}, ${bandPosition(s)}. Rata-rata ${multiple(s.mean)}, rentang ±1σ ${multiple(s.mean - s.sd)}–${multiple(s.mean + s.sd)}; ${formatPercent(s.percentile)} hari perdagangan ${from ? `sejak ${formatShortDate(from)} ` : ''}lebih rendah dari sekarang.`;
  return (
    <section className="band" aria-label={`Band ${kind}`}>
      <h3>Band {kind}</h3>
      <p className="small" data-testid={`band-${kind.toLowerCase()}-summary`}>
        {summary}
      </p>
      {/* The summary above says in words what the chart shows. */}
      <div ref={box} className="chart-box chart-box-sm" data-testid={`band-${kind.toLowerCase()}`} />
      <p className="muted small chart-legend">
        Garis: rata-rata (utuh, warna teks), ±1σ (biru putus-putus), ±2σ (merah titik-titik) · <ChartAttribution />
      </p>
    </section>
  );
}
