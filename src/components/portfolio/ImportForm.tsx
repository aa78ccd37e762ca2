/**
 * CSV import. Without JavaScript it is a plain form that imports at once (all or nothing). With it, the
 * file is first checked (`?preview=1`) with a progress bar, the preview and every row error are shown,
 * and only then imported.
 */
import { formatNumber } from '../../lib/format';
import { Problems, Sample } from './ImportResult';
import type { PortfolioRef } from '../../lib/island-props';
import { withBoundary } from '../ui/IslandBoundary';
import { Alert } from '../ui/Alert';
import { useImport } from './useImport';

interface Props {
  portfolios: PortfolioRef[];
  selectedId: string;
  action: string;
}

function ImportForm({ portfolios, selectedId, action }: Props) {
  const im = useImport(selectedId);
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={im.onSubmit}
      className="stack"
      aria-busy={im.busy}
    >
      <input type="hidden" name="intent" value="import" />
      {portfolios.length > 1 && (
        <div className="field">
          <label htmlFor="impor-portofolio">Impor ke portofolio</label>
          <select
            id="impor-portofolio"
            name="portfolioId"
            value={im.portfolioId}
            onChange={(e) => im.setPortfolioId(e.target.value)}
          >
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {portfolios.length <= 1 && <input type="hidden" name="portfolioId" value={im.portfolioId} />}
      <div className="field">
        <label htmlFor="impor-berkas">Berkas CSV</label>
        <input
          id="impor-berkas"
          ref={im.fileInput}
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          onChange={(e) => im.chooseFile(e.target.files?.[0] ?? null)}
        />
        <p className="small muted">
          Kolom: <code>tanggal,kode,jenis,lembar,harga,biaya</code> (atau <code>date,ticker,type,shares,price,fee</code>
          ). <a href="/starting-guide/faq#bagaimana-format-csv-untuk-impor-transaksi">Lihat format lengkap</a>.
        </p>
      </div>
      <div className="row">
        <button type="submit" className="btn btn-secondary" disabled={im.busy}>
          {im.hydrated ? 'Periksa berkas' : 'Impor berkas'}
        </button>
        {im.canImport && (
          <button type="button" className="btn" onClick={() => void im.run(false)}>
            Impor {formatNumber(im.report!.rows)} transaksi
          </button>
        )}
      </div>
      {im.busy && (
        <div className="import-progress" role="status">
          {im.phase === 'checking' || (im.phase === 'importing' && im.progress >= 1) ? (
            <>
              <progress aria-label="Memproses berkas" />
              <span className="small">
                {im.phase === 'checking' ? 'Memeriksa setiap baris…' : 'Menyimpan transaksi…'}
              </span>
            </>
          ) : (
            <>
              <progress max={100} value={Math.round(im.progress * 100)} aria-label="Mengunggah berkas" />
              <span className="small">Mengunggah {Math.round(im.progress * 100)} %</span>
            </>
          )}
        </div>
      )}
      {im.failure && (
        <Alert kind="error" as="div">
          {im.failure}
        </Alert>
      )}
      {im.report && !im.busy && (
        <div className="stack" aria-live="polite">
          <Alert
            kind={im.report.ok ? (im.report.alreadyImported ? 'info' : 'success') : 'error'}
            role="status"
            as="div"
          >
            {im.report.message || im.report.error}
            {im.phase === 'done' && (
              <>
                {' '}
                <a
                  href={`${action}${action.includes('?') ? '&' : '?'}portofolio=${encodeURIComponent(im.portfolioId)}`}
                >
                  Lihat daftar transaksi
                </a>
              </>
            )}
          </Alert>
          {im.report.rows > 0 && im.report.ok && (
            <p className="small">
              {formatNumber(im.report.rows)} baris: {formatNumber(im.report.counts.buy)} beli,{' '}
              {formatNumber(im.report.counts.sell)} jual, {formatNumber(im.report.counts.dividend)} dividen.
            </p>
          )}
          <Problems title="Kesalahan per baris" list={im.report.errors} total={im.report.errorCount} kind="error" />
          <Problems
            title="Peringatan (tetap diimpor)"
            list={im.report.warnings}
            total={im.report.warningCount}
            kind="info"
          />
          {im.report.ok && im.phase === 'previewed' && <Sample report={im.report} />}
        </div>
      )}
    </form>
  );
}

export default withBoundary(ImportForm);
