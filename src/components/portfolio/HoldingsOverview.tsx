/** /portofolio/all: summary and holdings of all portfolios or one (switched here, no request), amounts maskable. */
import { useState } from 'react';
import { dayChangeLabel, latestCloseDate } from '../../lib/day-change';
import { formatDate, formatPercent } from '../../lib/format';
import type { HoldingsView, PortfolioRef } from '../../lib/island-props';
import { withBoundary } from '../ui/IslandBoundary';
import { Pct, Rp } from './figures';
import { HoldingsTable } from './HoldingsTable';

interface Props {
  portfolios: PortfolioRef[];
  all: HoldingsView;
  byPortfolio: Record<string, HoldingsView>;
}

function Summary({ view, dayLabel }: { view: HoldingsView; dayLabel: string }) {
  const s = view.summary;
  return (
    <div className="stat-grid stat-grid-4 holdings-summary">
      <div className="stat">
        <div className="stat-label">Nilai pasar</div>
        <div className="stat-value">
          <Rp value={s.marketValue} />
        </div>
        <div className="stat-hint">
          Modal tersisa <Rp value={s.remainingCost} />
        </div>
      </div>
      <div className="stat">
        <div className="stat-label">L/R belum terealisasi</div>
        <div className="stat-value">
          <Rp value={s.unrealised} signed />
        </div>
        <div className="stat-hint">
          <Pct value={s.remainingCost > 0 ? s.unrealised / s.remainingCost : null} signed /> dari modal tersisa
        </div>
      </div>
      <div className="stat">
        <div className="stat-label">{dayLabel}</div>
        <div className="stat-value">
          {s.dayChange === null ? <span className="muted">—</span> : <Rp value={s.dayChange} signed />}
        </div>
        <div className="stat-hint">
          <Pct value={s.dayChangePct} signed /> dari penutupan sebelumnya
        </div>
      </div>
      <div className="stat">
        <div className="stat-label">L/R terealisasi</div>
        <div className="stat-value">
          <Rp value={s.realised} signed />
        </div>
        <div className="stat-hint">Dari penjualan, setelah biaya</div>
      </div>
      <div className="stat">
        <div className="stat-label">Dividen neto diterima</div>
        <div className="stat-value">
          <Rp value={s.dividendsNet} />
        </div>
        <div className="stat-hint">Setelah pajak, sampai hari ini</div>
      </div>
      <div className="stat stat-wide">
        <div className="stat-label">Total imbal hasil</div>
        <div className="stat-value">
          <Rp value={s.totalReturn} signed />
        </div>
        <div className="stat-hint">
          Keuntungan atas modal:{' '}
          <strong>
            <Pct value={s.simpleGainOnCost} signed />
          </strong>{' '}
          — laba terealisasi, belum terealisasi, dan dividen neto dibagi seluruh dana pembelian (
          <Rp value={s.totalInvested} />
          ), tanpa memperhitungkan kapan dana disetor.
          {s.dividendsReceivable > 0 && (
            <>
              {' '}
              Termasuk dividen neto <Rp value={s.dividendsReceivable} /> yang sudah menjadi hak Anda (cum date lewat)
              tetapi belum dibayar, sama seperti di Kinerja.
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function HoldingsOverview({ portfolios, all, byPortfolio }: Props) {
  const [selected, setSelected] = useState('');
  const view = (selected && byPortfolio[selected]) || all;
  // "Hari ini" only for a close of today (the valuation day); before the session ends, the last trading day.
  const dayLabel = dayChangeLabel(latestCloseDate(view.holdings), view.asOf);
  return (
    <div className="stack">
      {portfolios.length > 1 && (
        <div className="field filter-field">
          <label htmlFor="filter-portofolio">Tampilkan</label>
          <select id="filter-portofolio" value={selected} onChange={(e) => setSelected(e.target.value)}>
            <option value="">Semua portofolio ({portfolios.length})</option>
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Summary view={view} dayLabel={dayLabel} />
      {view.holdings.length > 0 ? (
        <HoldingsTable rows={view.holdings} dayLabel={dayLabel} />
      ) : (
        <p className="card muted">Tidak ada saham yang dipegang{selected ? ' di portofolio ini' : ''} saat ini.</p>
      )}
      <p className="small muted">
        Nilai memakai harga penutupan terakhir per {formatDate(view.asOf)}. Bobot = nilai pasar saham ÷ nilai pasar{' '}
        {selected ? 'portofolio ini' : 'semua portofolio'}. L/R % = L/R belum terealisasi ÷ modal tersisa (
        {formatPercent(0.1)} berarti naik sepersepuluh dari harga rata-rata).
      </p>
    </div>
  );
}

export default withBoundary(HoldingsOverview);
