/** Portfolio (time-weighted index) against the IHSG, both rebased to 100, with the data as a table for screen readers. */
import { ChartAttribution } from '../ui/ChartAttribution';
import type { ComparisonPoint } from '../../domain/portfolio/types';
import { formatNumber, formatShortDate } from '../../lib/format';
import { baseOptions, seriesColors, useChart } from './useChart';

/** The last point of each month (and the very last one), for the text alternative. */
function monthly(points: ComparisonPoint[]): ComparisonPoint[] {
  return points.filter((p, i) => i === points.length - 1 || points[i + 1]!.date.slice(0, 7) !== p.date.slice(0, 7));
}

/** `benchmark` names the index line (the `ihsg` field of the points carries whichever index was chosen). */
export function ValueChart({ points, benchmark = 'IHSG' }: { points: ComparisonPoint[]; benchmark?: string }) {
  const ref = useChart(
    (lc, el) => {
      const base = baseOptions(lc);
      const chart = lc.createChart(el, {
        ...base,
        localization: { ...base.localization, priceFormatter: (v: number) => formatNumber(v, 2) },
      });
      const colors = seriesColors();
      const mine = chart.addSeries(lc.LineSeries, { color: colors.brand, lineWidth: 2, title: 'Portofolio' });
      mine.setData(points.map((p) => ({ time: p.date, value: p.portfolio * 100 })));
      if (points.some((p) => p.ihsg !== null)) {
        const ihsg = chart.addSeries(lc.LineSeries, {
          color: colors.benchmark,
          lineWidth: 2,
          lineStyle: lc.LineStyle.Dashed,
          title: benchmark,
        });
        ihsg.setData(points.flatMap((p) => (p.ihsg === null ? [] : [{ time: p.date, value: p.ihsg * 100 }])));
      }
      chart.timeScale().fitContent();
      return chart;
    },
    [points, benchmark],
  );
  return (
    <figure className="chart-figure">
      <div className="chart-legend small" aria-hidden="true">
        <span className="legend-brand">━ Portofolio</span> <span className="legend-benchmark">╍ {benchmark}</span>
      </div>
      <div
        ref={ref}
        className="chart-box"
        role="img"
        aria-label={`Grafik nilai portofolio dibanding ${benchmark}, lihat tabel data di bawahnya`}
      />
      <details className="small">
        <summary>Data grafik (akhir bulan)</summary>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Tanggal</th>
                <th scope="col" className="num">
                  Portofolio
                </th>
                <th scope="col" className="num">
                  {benchmark}
                </th>
              </tr>
            </thead>
            <tbody>
              {monthly(points).map((p) => (
                <tr key={p.date}>
                  <td>{formatShortDate(p.date)}</td>
                  <td className="num">{formatNumber(p.portfolio * 100, 2)}</td>
                  <td className="num">{p.ihsg === null ? '—' : formatNumber(p.ihsg * 100, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <figcaption className="small muted">
        <ChartAttribution />
      </figcaption>
    </figure>
  );
}
