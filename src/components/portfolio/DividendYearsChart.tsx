/** Net dividends received per payment year as bars; the Rupiah scale disappears while amounts are hidden. */
import { ChartAttribution } from '../ui/ChartAttribution';
import type { DividendYearTotal } from '../../domain/portfolio/types';
import { formatRupiah } from '../../lib/format';
import { withBoundary } from '../ui/IslandBoundary';
import { baseOptions, seriesColors, useChart } from './useChart';
import { useHideAmounts } from './useHideAmounts';

const yearOf = (t: unknown) => String(typeof t === 'string' ? t.slice(0, 4) : (t as { year: number }).year);

function DividendYearsChart({ years }: { years: DividendYearTotal[] }) {
  const hide = useHideAmounts();
  const ref = useChart(
    (lc, el) => {
      const base = baseOptions(lc);
      const chart = lc.createChart(el, {
        ...base,
        localization: {
          ...base.localization,
          // One bar per year: the crosshair names the year, not the mid-year date the bar is drawn at.
          timeFormatter: (t: unknown) => yearOf(t),
          priceFormatter: (v: number) => (hide ? '•••' : formatRupiah(v)),
        },
        rightPriceScale: { ...base.rightPriceScale, visible: !hide },
        crosshair: { horzLine: { labelVisible: !hide } },
        timeScale: {
          ...base.timeScale,
          tickMarkFormatter: (t: unknown) => yearOf(t),
        },
      });
      const bars = chart.addSeries(lc.HistogramSeries, {
        color: seriesColors().brand,
        priceLineVisible: false,
        lastValueVisible: false,
      });
      bars.setData(years.map((y) => ({ time: `${y.year}-07-01`, value: y.net })));
      chart.timeScale().fitContent();
      return chart;
    },
    [years, hide],
  );
  return (
    <>
      <div
        ref={ref}
        className="chart-box chart-box-short"
        role="img"
        aria-label="Grafik dividen neto per tahun; angkanya ada di tabel di sebelahnya"
      />
      <p className="small muted">
        <ChartAttribution />
      </p>
    </>
  );
}

export default withBoundary(DividendYearsChart);
