/** Small renderers for figures in the portfolio islands: Rupiah amounts (masked by "Sembunyikan nominal") and ratios. */
import { formatNumber, formatPercent, formatRupiah } from '../../lib/format';

const tone = (n: number | null | undefined) => (n === null || n === undefined || n === 0 ? '' : n > 0 ? 'up' : 'down');

/** A Rupiah amount; `signed` colours gains and losses and prefixes gains with +. */
export function Rp({ value, signed = false }: { value: number; signed?: boolean }) {
  const text = signed && value > 0 ? `+${formatRupiah(value)}` : formatRupiah(value);
  return <span className={`amount${signed ? ` ${tone(value)}` : ''}`}>{text}</span>;
}

/** A count of shares or lots, masked like amounts (it reveals the size of a position). */
export function Count({ value }: { value: number }) {
  return <span className="amount">{formatNumber(value)}</span>;
}

/** A ratio as a percentage, or an em dash when it cannot be computed. */
export function Pct({ value, signed = false }: { value: number | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className="muted">—</span>;
  return <span className={signed ? tone(value) : undefined}>{formatPercent(value, { sign: signed })}</span>;
}
