/** What an import check found: the rows' problems and a preview of the first rows as they would be stored. */
import { formatNumber, formatRupiah } from '../../lib/format';
import type { ImportProblem, ImportReport } from '../../lib/island-props';
import { TYPE_LABEL } from '../../lib/labels';
import { Alert } from '../ui/Alert';
import type { AlertKind } from '../ui/alert-box';

const where = (p: ImportProblem) =>
  p.line === null ? '' : `Baris ${p.line}${p.column ? `, kolom ${p.column}` : ''}: `;

/** The row as written in the file, under its problem. */
export function RowQuote({ row }: { row: string }) {
  return (
    <>
      <br />
      <span className="small">
        Isi baris: <code className="problem-row">{row === '' ? '(kosong)' : row}</code>
      </span>
    </>
  );
}

export function Problems({
  title,
  list,
  total,
  kind,
}: {
  title: string;
  list: ImportProblem[];
  total: number;
  kind: AlertKind;
}) {
  if (total === 0) return null;
  return (
    <Alert kind={kind} role={null} as="div">
      <strong>{title}</strong>
      <ul className="problem-list">
        {list.map((p, i) => (
          <li key={i}>
            {where(p)}
            {p.message}
            {p.row !== undefined && <RowQuote row={p.row} />}
          </li>
        ))}
      </ul>
      {total > list.length && <p className="small">…dan {formatNumber(total - list.length)} lainnya.</p>}
    </Alert>
  );
}

export function Sample({ report }: { report: ImportReport }) {
  const rows = report.sample.slice(0, 10);
  if (rows.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="stacked">
        <caption className="small muted caption-left">
          Pratinjau {rows.length} dari {formatNumber(report.rows)} baris
        </caption>
        <thead>
          <tr>
            <th scope="col">Baris</th>
            <th scope="col">Tanggal</th>
            <th scope="col">Kode</th>
            <th scope="col">Jenis</th>
            <th scope="col" className="num">
              Lembar
            </th>
            <th scope="col" className="num">
              Harga
            </th>
            <th scope="col" className="num">
              Biaya
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.line}>
              <td data-label="Baris">{r.line}</td>
              <td data-label="Tanggal">{r.date}</td>
              <td data-label="Kode">{r.ticker}</td>
              <td data-label="Jenis">{TYPE_LABEL[r.type]}</td>
              <td className="num" data-label="Lembar">
                {formatNumber(r.shares)}
              </td>
              <td className="num" data-label="Harga">
                {formatNumber(r.price, 4)}
              </td>
              <td className="num" data-label="Biaya">
                {formatRupiah(r.fee)}
                {r.feeComputed && r.type !== 'dividend' && <span className="small muted"> (otomatis)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
