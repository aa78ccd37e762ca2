/** /portofolio/metrics: period picker, each return with its label and one-sentence meaning, and value vs IHSG. */
import { useState } from 'react';
import type { PeriodKey, PeriodMetrics } from '../../domain/portfolio/period';
import { formatDate, formatShortDate } from '../../lib/format';
import { withBoundary } from '../ui/IslandBoundary';
import { Pct, Rp } from './figures';
import { ValueChart } from './ValueChart';

const LABELS: Record<PeriodKey, string> = { ytd: 'YTD', '1t': '1T', '3t': '3T', semua: 'Semua' };
const TITLES: Record<PeriodKey, string> = {
  ytd: 'sejak awal tahun',
  '1t': '1 tahun terakhir',
  '3t': '3 tahun terakhir',
  semua: 'sejak transaksi pertama',
};

interface Props {
  periods: Record<PeriodKey, PeriodMetrics>;
  initial: PeriodKey;
}

function Measure({ label, value, children }: { label: string; value: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="stat">
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      <p className="stat-hint">{children}</p>
    </div>
  );
}

function MetricsPanel({ periods, initial }: Props) {
  const [period, setPeriod] = useState<PeriodKey>(initial);
  const m = periods[period];
  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label="Periode">
        {(Object.keys(LABELS) as PeriodKey[]).map((k) => (
          <button key={k} type="button" aria-pressed={k === period} onClick={() => setPeriod(k)} title={TITLES[k]}>
            {LABELS[k]}
          </button>
        ))}
      </div>
      {m.startDate === null ? (
        <p className="card muted">Belum ada nilai portofolio pada periode ini.</p>
      ) : (
        <>
          <p className="small muted">
            Periode {TITLES[period]}: {formatDate(m.startDate)} – {formatDate(m.endDate!)}.
          </p>
          <div className="stat-grid">
            <Measure label="Keuntungan atas modal" value={<Pct value={m.simpleGainOnCost} signed />}>
              <Rp value={m.gain} signed /> dibagi nilai awal periode ditambah dana yang masuk; cara hitung paling
              sederhana, tanpa memperhitungkan kapan dana disetor.
            </Measure>
            <Measure label="Time-weighted return (TWR)" value={<Pct value={m.timeWeightedReturn} signed />}>
              Kinerja pilihan saham Anda tanpa terpengaruh kapan dan berapa banyak dana ditambah atau ditarik, sehingga
              adil dibandingkan dengan IHSG.
            </Measure>
            <Measure label="IHSG pada tanggal yang sama" value={<Pct value={m.ihsgReturn} signed />}>
              Perubahan indeks harga saham gabungan selama periode yang sama, pembanding untuk TWR.
            </Measure>
            <Measure label="Money-weighted return (XIRR) per tahun" value={<Pct value={m.xirr} signed />}>
              Imbal hasil tahunan yang benar-benar Anda alami, dengan memperhitungkan waktu dan besar setiap pembelian,
              penjualan, dan dividen.
            </Measure>
            <Measure label="Imbal hasil disetahunkan" value={<Pct value={m.annualisedReturn} signed />}>
              TWR yang disetarakan menjadi rata-rata per tahun; hanya dihitung untuk periode minimal satu tahun.
            </Measure>
            <Measure label="Max drawdown" value={<Pct value={m.maxDrawdown ? -m.maxDrawdown.depth : null} signed />}>
              Penurunan terdalam dari puncak ke titik terendah berikutnya
              {m.maxDrawdown?.troughDate ? ` (terendah pada ${formatShortDate(m.maxDrawdown.troughDate)})` : ''}.
            </Measure>
            <Measure label="Volatilitas per tahun" value={<Pct value={m.volatility} />}>
              Simpangan baku imbal hasil harian dikali √252: seberapa liar nilai portofolio naik-turun.
            </Measure>
          </div>
          <h2>Nilai portofolio vs IHSG</h2>
          <p className="small muted">
            Keduanya dimulai dari 100 di awal periode. Garis portofolio mengikuti TWR, sehingga setoran dan penarikan
            dana tidak membuatnya melompat.
          </p>
          <ValueChart points={m.chart} />
        </>
      )}
    </div>
  );
}

export default withBoundary(MetricsPanel);
