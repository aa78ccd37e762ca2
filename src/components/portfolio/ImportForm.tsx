/**
 * CSV import. Without JavaScript it is a plain form that imports at once (all or nothing). With it, the
 * file is first checked (`?preview=1`) with a progress bar, the preview and every row error are shown,
 * and only then imported.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { formatNumber } from '../../lib/format';
import type { ImportReport } from '../../server/services/portfolio';
import { Problems, Sample } from './ImportResult';
import type { PortfolioRef } from '../../server/services/portfolio/views';
import { withBoundary } from '../ui/IslandBoundary';

const MAX_BYTES = 5 * 1024 * 1024;

interface Props {
  portfolios: PortfolioRef[];
  selectedId: string;
  action: string;
}

type Phase = 'idle' | 'uploading' | 'checking' | 'previewed' | 'importing' | 'done';
type Reply = ImportReport & { error?: string };

function send(file: File, portfolioId: string, preview: boolean, onProgress: (f: number) => void): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      'POST',
      `/api/portfolio/import?portfolio=${encodeURIComponent(portfolioId)}${preview ? '&preview=1' : ''}`,
    );
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Reply);
      } catch {
        reject(new Error(`Server menjawab ${xhr.status}`));
      }
    };
    xhr.onerror = () => reject(new Error('Koneksi terputus'));
    xhr.send(file);
  });
}

function ImportForm({ portfolios, selectedId, action }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [portfolioId, setPortfolioId] = useState(selectedId);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<Reply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);

  const run = async (preview: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    setPhase(preview ? 'uploading' : 'importing');
    try {
      const reply = await send(file, portfolioId, preview, (f) => {
        setProgress(f);
        if (f >= 1 && preview) setPhase('checking');
      });
      setReport(reply);
      setPhase(preview || !reply.ok ? 'previewed' : 'done');
    } catch (err) {
      setFailure(`Impor gagal: ${(err as Error).message}. Coba lagi.`);
      setPhase('idle');
    }
  };

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (file && file.size > MAX_BYTES) return setFailure('Berkas terlalu besar; paling besar 5 MB per impor.');
    void run(true);
  };

  const busy = phase === 'uploading' || phase === 'checking' || phase === 'importing';
  const canImport = phase === 'previewed' && report?.ok && !report.alreadyImported && report.rows > 0;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="stack"
      aria-busy={busy}
    >
      <input type="hidden" name="_action" value="import" />
      {portfolios.length > 1 && (
        <div className="field">
          <label htmlFor="impor-portofolio">Impor ke portofolio</label>
          <select
            id="impor-portofolio"
            name="portfolioId"
            value={portfolioId}
            onChange={(e) => setPortfolioId(e.target.value)}
          >
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {portfolios.length <= 1 && <input type="hidden" name="portfolioId" value={portfolioId} />}
      <div className="field">
        <label htmlFor="impor-berkas">Berkas CSV</label>
        <input
          id="impor-berkas"
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPhase('idle');
            setReport(null);
          }}
        />
        <p className="small muted">
          Kolom: <code>tanggal,kode,jenis,lembar,harga,biaya</code> (atau <code>date,ticker,type,shares,price,fee</code>
          ). <a href="/starting-guide/faq#bagaimana-format-csv-untuk-impor-transaksi">Lihat format lengkap</a>.
        </p>
      </div>
      <div className="row">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {hydrated ? 'Periksa berkas' : 'Impor berkas'}
        </button>
        {canImport && (
          <button type="button" className="btn" onClick={() => void run(false)}>
            Impor {formatNumber(report!.rows)} transaksi
          </button>
        )}
      </div>
      {busy && (
        <div className="import-progress" role="status">
          {phase === 'checking' || (phase === 'importing' && progress >= 1) ? (
            <>
              <progress aria-label="Memproses berkas" />
              <span className="small">{phase === 'checking' ? 'Memeriksa setiap baris…' : 'Menyimpan transaksi…'}</span>
            </>
          ) : (
            <>
              <progress max={100} value={Math.round(progress * 100)} aria-label="Mengunggah berkas" />
              <span className="small">Mengunggah {Math.round(progress * 100)} %</span>
            </>
          )}
        </div>
      )}
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      {report && !busy && (
        <div className="stack" aria-live="polite">
          <div
            className={`alert ${report.ok ? (report.alreadyImported ? 'alert-info' : 'alert-success') : 'alert-error'}`}
            role="status"
          >
            {report.message || report.error}
            {phase === 'done' && (
              <>
                {' '}
                <a href={`${action}${action.includes('?') ? '&' : '?'}portofolio=${encodeURIComponent(portfolioId)}`}>
                  Lihat daftar transaksi
                </a>
              </>
            )}
          </div>
          {report.rows > 0 && report.ok && (
            <p className="small">
              {formatNumber(report.rows)} baris: {formatNumber(report.counts.buy)} beli,{' '}
              {formatNumber(report.counts.sell)} jual, {formatNumber(report.counts.dividend)} dividen.
            </p>
          )}
          <Problems title="Kesalahan per baris" list={report.errors} total={report.errorCount} tone="alert-error" />
          <Problems
            title="Peringatan (tetap diimpor)"
            list={report.warnings}
            total={report.warningCount}
            tone="alert-info"
          />
          {report.ok && phase === 'previewed' && <Sample report={report} />}
        </div>
      )}
    </form>
  );
}

export default withBoundary(ImportForm);
