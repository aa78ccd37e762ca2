import Papa from 'papaparse';
import type { Overview } from './overview';

/**
 * The overview as CSV, one figure per row (`bagian,bulan,ukuran,nilai`), so a spreadsheet can pivot
 * it; amounts in whole Rupiah, months as YYYY-MM (WIB).
 */
export function overviewCsv(o: Overview, monthNow: string): string {
  const rows: (string | number)[][] = [
    ['anggota_berbayar', monthNow, 'reguler', o.payingByTier.reguler],
    ['anggota_berbayar', monthNow, 'premium', o.payingByTier.premium],
  ];
  for (const m of o.movements)
    for (const k of ['new', 'renewed', 'upgraded', 'lapsed'] as const) rows.push(['perubahan', m.month, k, m[k]]);
  for (const r of o.revenue) {
    rows.push(['pendapatan', r.month, `${r.provider}_bruto`, r.gross]);
    rows.push(['pendapatan', r.month, `${r.provider}_refund`, r.refunds]);
    rows.push(['pendapatan', r.month, `${r.provider}_bersih`, r.net]);
  }
  for (const l of o.lapsing) rows.push(['berakhir_7_hari', l.endsAt.toISOString(), l.email, l.tier]);
  return Papa.unparse({ fields: ['bagian', 'bulan', 'ukuran', 'nilai'], data: rows }, { newline: '\n' }) + '\n';
}
