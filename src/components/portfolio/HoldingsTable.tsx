/**
 * Holdings: a sortable table (TanStack Table) with totals in the footer from ~640 px, and one card per
 * holding below that (ticker, value, P/L in Rp and %, weight and today's change at a glance). Each
 * ticker links to the member's page for that holding.
 */
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
import type { HoldingRow } from '../../lib/island-props';
import { Count, Pct, Rp } from './figures';

const col = createColumnHelper<HoldingRow>();

const columns = [
  col.accessor('ticker', {
    header: 'Kode',
    cell: (c) => (
      <>
        <a href={holdingHref(c.getValue())}>
          <strong>{c.getValue()}</strong>
        </a>
        <FlagBadges holding={c.row.original} />
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
  col.accessor((h) => h.dayChange ?? 0, {
    id: 'dayChange',
    header: (c) => (c.table.options.meta as { dayLabel?: string } | undefined)?.dayLabel ?? 'Hari ini',
    cell: (c) => <DayChange holding={c.row.original} />,
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

/** The member's own page for a holding. */
const holdingHref = (ticker: string) => `/portofolio/saham/${encodeURIComponent(ticker)}`;

/** Today's change of a holding: Rupiah and percent, or a dash without a previous close. */
function DayChange({ holding }: { holding: Pick<HoldingRow, 'dayChange' | 'dayChangePct'> }) {
  if (holding.dayChange === null) return <span className="muted">—</span>;
  return (
    <>
      <Rp value={holding.dayChange} signed />
      <div className="small">
        <Pct value={holding.dayChangePct} signed />
      </div>
    </>
  );
}

/** IDX status badges (docs/product.md §5.7), their meanings in the title and for screen readers. */
function FlagBadges({ holding }: { holding: HoldingRow }) {
  if (!holding.flags) return null;
  const text = holding.flags.text.join(' ');
  return (
    <span className="flag-badges" title={text} data-testid="status-badges">
      {holding.flags.badges.map((b) => (
        <span key={b} className="badge badge-flag" aria-hidden="true">
          {b}
        </span>
      ))}
      <span className="visually-hidden">Status BEI: {text}</span>
    </span>
  );
}

function HoldingCard({ h, dayLabel }: { h: HoldingRow; dayLabel: string }) {
  return (
    <li>
      <div className="holding-card-head">
        <a href={holdingHref(h.ticker)}>
          <strong>{h.ticker}</strong>
        </a>
        <FlagBadges holding={h} />
        <span className="small muted holding-name">{h.name}</span>
      </div>
      <dl className="card-figures">
        <div>
          <dt>Nilai pasar</dt>
          <dd>
            <Rp value={h.marketValue} />
          </dd>
        </div>
        <div>
          <dt>L/R</dt>
          <dd>
            <Rp value={h.unrealised} signed /> <Pct value={h.unrealisedPct} signed />
          </dd>
        </div>
        <div>
          <dt>Bobot</dt>
          <dd>
            <Pct value={h.weight} />
          </dd>
        </div>
        <div>
          <dt>{dayLabel}</dt>
          <dd>
            {h.dayChange === null ? (
              <span className="muted">—</span>
            ) : (
              <>
                <Rp value={h.dayChange} signed /> <Pct value={h.dayChangePct} signed />
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className="small muted holding-card-foot">
        <Count value={h.lots} /> lot
        {h.oddShares > 0 && (
          <>
            {' '}
            + <Count value={h.oddShares} /> lbr
          </>
        )}{' '}
        · rata-rata {formatNumber(h.averagePrice, 2)} · terakhir{' '}
        {h.lastClose === null ? '—' : formatNumber(h.lastClose)}
      </p>
    </li>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** `dayLabel`: what the change between the last two closes is called (src/lib/day-change.ts). */
export function HoldingsTable({ rows, dayLabel = 'Hari ini' }: { rows: HoldingRow[]; dayLabel?: string }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'marketValue', desc: true }]);
  const table = useReactTable({
    data: rows,
    columns,
    meta: { dayLabel },
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const value = rows.reduce((s, h) => s + h.marketValue, 0);
  const cost = rows.reduce((s, h) => s + h.remainingCost, 0);
  const dayRows = rows.filter((h) => h.dayChange !== null);
  const dayChange = dayRows.reduce((s, h) => s + h.dayChange!, 0);
  const dayBase = dayRows.reduce((s, h) => s + h.shares * h.previousClose!, 0);
  return (
    <>
      <ul className="card-list phone-only" aria-label="Kepemilikan saham">
        {table.getRowModel().rows.map((r) => (
          <HoldingCard key={r.id} h={r.original} dayLabel={dayLabel} />
        ))}
      </ul>
      <div className="table-wrap from-tablet">
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
                {dayRows.length > 0 ? (
                  <DayChange holding={{ dayChange, dayChangePct: dayBase > 0 ? dayChange / dayBase : null }} />
                ) : (
                  '—'
                )}
              </td>
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
    </>
  );
}
