/**
 * The import form's state and requests, apart from its view: the chosen portfolio and file, the phase
 * (check with `?preview=1`, then import), upload progress, the server's report and any failure.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { ImportReport } from '../../lib/island-props';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '../../lib/limits';

export type Phase = 'idle' | 'uploading' | 'checking' | 'previewed' | 'importing' | 'done';
export type Reply = ImportReport & { error?: string };

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

/**
 * Replaces the page's transaction list (`#daftar`) with a freshly rendered one after an import, so the
 * new rows show without leaving the import result. Best effort: on any failure the old list stays.
 */
async function refreshTransactionList(): Promise<void> {
  const current = document.getElementById('daftar');
  if (!current) return;
  try {
    const res = await fetch(window.location.href, { headers: { accept: 'text/html' } });
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('daftar');
    if (fresh) current.replaceWith(document.importNode(fresh, true));
  } catch {
    // The "Lihat daftar transaksi" link still leads to the updated list.
  }
}

export function useImport(selectedId: string) {
  const [hydrated, setHydrated] = useState(false);
  const [portfolioId, setPortfolioId] = useState(selectedId);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<Reply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    // A file chosen before this island woke up is in the input already: take it over.
    const chosen = fileInput.current?.files?.[0];
    if (chosen) setFile(chosen);
  }, []);

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
      if (!preview && reply.ok && reply.imported > 0) await refreshTransactionList();
    } catch (err) {
      setFailure(`Impor gagal: ${(err as Error).message}. Coba lagi.`);
      setPhase('idle');
    }
  };

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (file && file.size > IMPORT_MAX_BYTES) return setFailure(IMPORT_TOO_LARGE);
    void run(true);
  };

  const busy = phase === 'uploading' || phase === 'checking' || phase === 'importing';
  const canImport = phase === 'previewed' && report?.ok && !report.alreadyImported && report.rows > 0;
  const chooseFile = (f: File | null) => {
    setFile(f);
    setPhase('idle');
    setReport(null);
  };
  return {
    fileInput,
    hydrated,
    portfolioId,
    setPortfolioId,
    chooseFile,
    phase,
    progress,
    report,
    failure,
    busy,
    canImport,
    run,
    onSubmit,
  };
}
