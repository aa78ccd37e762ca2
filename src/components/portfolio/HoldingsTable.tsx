/** The holdings table: sortable columns (TanStack Table), totals in the footer, the first column kept in view on phones. */
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useState } from 'react';
import { formatNumber } from '../../lib/format';
import type { HoldingRow } from '../../server/services/portfolio/views';
import { Count, Pct, Rp } from './figures';

const col = createColumnHelper<HoldingRow>();

const columns = [
  col.accessor('ticker', {
    header: 'Kode',
    cell: (c) => (
      <>
        <a href={`/analisis/${c.getValue()}`}>
          <strong>{c.getValue()}</strong>
        </a>
        <div className="small muted holding-name">{c.row.original.name}</div>
      </>
    ),
    sortingFn: 'alphanumeric',
  }),
  col.accessor('shares', {
    id: 'lots',
    header: 'Lot',
    cell: (c) => (
      <>
        <Count value={c.row.original.lots} />
        {c.row.original.oddShares > 0 && (
          <div className="small muted">
            + <Count value={c.row.original.oddShares} /> lbr
          </div>
        )}
      </>
    ),
  }),
  col.accessor('shares', { id: 'shares', header: 'Lembar', cell: (c) => <Count value={c.getValue()} /> }),
  col.accessor('averagePrice', { header: 'Harga rata-rata', cell: (c) => formatNumber(c.getValue(), 2) }),
  col.accessor((h) => h.lastClose ?? 0, {
    id: 'lastClose',
    header: 'Harga terakhir',
    cell: (c) => (c.row.original.lastClose === null ? '—' : formatNumber(c.row.original.lastClose)),
  }),
  col.accessor('marketValue', { header: 'Nilai pasar', cell: (c) => <Rp value={c.getValue()} /> }),
  col.accessor('unrealised', { header: 'L/R belum terealisasi', cell: (c) => <Rp value={c.getValue()} signed /> }),
  col.accessor((h) => h.unrealisedPct ?? 0, {
    id: 'unrealisedPct',
    header: 'L/R %',
    cell: (c) => <Pct value={c.row.original.unrealisedPct} signed />,
  }),
  col.accessor('weight', { header: 'Bobot', cell: (c) => <Pct value={c.getValue()} /> }),
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function HoldingsTable({ rows }: { rows: HoldingRow[] }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'marketValue', desc: true }]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const value = rows.reduce((s, h) => s + h.marketValue, 0);
  const cost = rows.reduce((s, h) => s + h.remainingCost, 0);
  return (
    <div className="table-wrap">
      <table className="holdings-table">
        <caption className="visually-hidden">Kepemilikan saham, urutkan dengan menekan judul kolom</caption>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
                    className={h.column.id === 'ticker' ? '' : 'num'}
                  >
                    <button type="button" className="sort-btn" onClick={h.column.getToggleSortingHandler()}>
                      {flexRender(h.column.columnDef.header, h.getContext())}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id}>
              {r.getVisibleCells().map((c) => (
                <td key={c.id} className={c.column.id === 'ticker' ? '' : 'num'}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td colSpan={4} />
            <td className="num">
              <Rp value={value} />
            </td>
            <td className="num">
              <Rp value={value - cost} signed />
            </td>
            <td className="num">
              <Pct value={cost > 0 ? (value - cost) / cost : null} signed />
            </td>
            <td className="num">{rows.length > 0 ? '100 %' : '—'}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
