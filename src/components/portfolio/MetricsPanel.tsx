/**
 * /portofolio/metrics: period picker, each return with its label and one-sentence meaning, and value vs
 * the chosen index. The chosen period is written to the address (`periode`) so the view can be shared.
 * The page brings every period's figures but only the first period's chart (ten years of daily points
 * per period would make the page several times heavier); another period's chart is fetched from the
 * metrics API when that period is first chosen.
 */
import { useEffect, useState } from 'react';
import type { AnyPeriod, PeriodMetrics } from '../../domain/portfolio/period';
import type { ComparisonPoint } from '../../domain/portfolio/types';
import { formatDate, formatShortDate } from '../../lib/format';
import { PERIOD_LABEL, PERIOD_TITLE } from '../../lib/labels';
import { withBoundary } from '../ui/IslandBoundary';
import { Pct, Rp } from './figures';
import { ValueChart } from './ValueChart';

/** A period's figures; `chart` is null when the page did not bring it (fetched when chosen). */
export type PeriodView = Omit<PeriodMetrics, 'chart'> & { chart: ComparisonPoint[] | null };

interface Props {
  periods: Partial<Record<AnyPeriod, PeriodView>>;
  initial: AnyPeriod;
  /** The label of the index compared against. */
  benchmark: string;
  /** The metrics API for this portfolio and index, without a period: where the other charts come from. */
  chartSource: string;
  /**
   * The page's own address for each period: each choice is a link, so that one tapped before the island has
   * loaded (a slow phone) loads that period's page; once loaded, the island switches without a reload.
   */
  hrefs: Partial<Record<AnyPeriod, string>>;
}

type Fetched = ComparisonPoint[] | 'gagal';

/** The chart of `period` from the metrics API; 'gagal' when it could not be read. */
async function fetchChart(chartSource: string, period: AnyPeriod): Promise<Fetched> {
  try {
    const res = await fetch(`${chartSource}&period=${period}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return 'gagal';
    const body = (await res.json()) as { periods?: Partial<Record<AnyPeriod, PeriodMetrics>> };
    return body.periods?.[period]?.chart ?? 'gagal';
  } catch {
    return 'gagal';
  }
}

/** A plain click, which the island answers itself; one with a modifier key opens the link as the browser does. */
const plainClick = (e: React.MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** One figure: an Indonesian label, optionally the usual technical term in small print beside it. */
function Measure({
  label,
  term,
  value,
  children,
}: {
  label: string;
  term?: string;
  value: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="stat">
      <div className="stat-label">
        {label}
        {term && <span className="stat-term">{term}</span>}
      </div>
      <div className="stat-value">{value}</div>
      <p className="stat-hint">{children}</p>
    </div>
  );
}

function MetricsPanel({ periods, initial, benchmark, chartSource, hrefs }: Props) {
  const [period, setPeriod] = useState<AnyPeriod>(initial);
  const [fetched, setFetched] = useState<Partial<Record<AnyPeriod, Fetched>>>({});
  const m = periods[period]!;
  const chart = m.chart ?? fetched[period];
  const wanted = m.startDate !== null && chart === undefined;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void fetchChart(chartSource, period).then((c) => current && setFetched((f) => ({ ...f, [period]: c })));
    return () => {
      current = false;
    };
  }, [wanted, chartSource, period]);
  const choose = (k: AnyPeriod) => {
    // Choosing a period whose chart failed to load tries again.
    if (fetched[k] === 'gagal') setFetched((f) => ({ ...f, [k]: undefined }));
    setPeriod(k);
    // The chosen period in the address, without a reload.
    window.history.replaceState(null, '', hrefs[k]);
  };
  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label="Periode">
        {(Object.keys(PERIOD_LABEL) as AnyPeriod[])
          .filter((k) => periods[k])
          .map((k) => (
            <a
              key={k}
              href={hrefs[k]}
              aria-current={k === period ? 'true' : undefined}
              title={PERIOD_TITLE[k]}
              onClick={(e) => {
                if (!plainClick(e)) return;
                e.preventDefault();
                choose(k);
              }}
            >
              {PERIOD_LABEL[k]}
            </a>
          ))}
      </div>
      {m.startDate === null ? (
        <p className="card muted">Belum ada nilai portofolio pada periode ini.</p>
      ) : (
        <>
          {/* The headline: the return to compare with the index, the index, and the money gained. */}
          <p className="metrics-headline" data-testid="ringkasan-kinerja">
            <strong>
              Portofolio <Pct value={m.timeWeightedReturn} signed />
            </strong>{' '}
            vs {benchmark} <Pct value={m.ihsgReturn} signed /> · hasil <Rp value={m.gain} signed />
          </p>
          <p className="small muted">
            Periode {PERIOD_TITLE[period]}: {formatDate(m.startDate)} – {formatDate(m.endDate!)}.
          </p>
          <div className="stat-grid">
            <Measure label="Keuntungan atas modal" value={<Pct value={m.simpleGainOnCost} signed />}>
              <Rp value={m.gain} signed /> dibagi nilai awal periode ditambah dana yang masuk; cara hitung paling
              sederhana, tanpa memperhitungkan kapan dana disetor.
            </Measure>
            <Measure label="Imbal hasil berbobot waktu" term="TWR" value={<Pct value={m.timeWeightedReturn} signed />}>
              Kinerja pilihan saham Anda tanpa terpengaruh kapan dan berapa banyak dana ditambah atau ditarik, sehingga
              adil dibandingkan dengan {benchmark}.
            </Measure>
            <Measure label={`${benchmark} pada tanggal yang sama`} value={<Pct value={m.ihsgReturn} signed />}>
              Perubahan indeks {benchmark} selama periode yang sama, pembanding untuk TWR.
              {m.benchmarkEnd &&
                ` Data indeks berakhir ${formatShortDate(m.benchmarkEnd)}: dihitung sampai tanggal itu.`}
            </Measure>
            <Measure label="Imbal hasil berbobot uang per tahun" term="XIRR" value={<Pct value={m.xirr} signed />}>
              Imbal hasil tahunan yang benar-benar Anda alami, dengan memperhitungkan waktu dan besar setiap pembelian,
              penjualan, dan dividen.
            </Measure>
            <Measure label="Imbal hasil disetahunkan" value={<Pct value={m.annualisedReturn} signed />}>
              TWR yang disetarakan menjadi rata-rata per tahun; hanya dihitung untuk periode minimal satu tahun.
            </Measure>
            <Measure
              label="Penurunan terdalam"
              term="max drawdown"
              value={<Pct value={m.maxDrawdown ? -m.maxDrawdown.depth : null} signed />}
            >
              Penurunan terdalam dari puncak ke titik terendah berikutnya
              {m.maxDrawdown?.troughDate ? ` (terendah pada ${formatShortDate(m.maxDrawdown.troughDate)})` : ''}.
            </Measure>
            <Measure label="Volatilitas per tahun" value={<Pct value={m.volatility} />}>
              Simpangan baku imbal hasil harian dikali √252: seberapa liar nilai portofolio naik-turun.
            </Measure>
          </div>
          <h2>Nilai portofolio vs {benchmark}</h2>
          <p className="small muted">
            Keduanya dimulai dari 100 di awal periode. Garis portofolio mengikuti TWR, sehingga setoran dan penarikan
            dana tidak membuatnya melompat.
          </p>
          {m.benchmarkEnd && (
            <p className="small" data-testid="akhir-pembanding">
              Data {benchmark} berakhir pada {formatDate(m.benchmarkEnd)}; garisnya berhenti di sana dan tidak
              diteruskan datar.
            </p>
          )}
          {Array.isArray(chart) ? (
            <ValueChart points={chart} benchmark={benchmark} />
          ) : (
            <div className="chart-box chart-pending" role="status">
              <p className="small muted">
                {chart === 'gagal'
                  ? 'Grafik periode ini gagal dimuat. Periksa koneksi Anda, lalu pilih periode ini lagi.'
                  : 'Memuat grafik…'}
              </p>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export default withBoundary(MetricsPanel);
