/**
 * How a fired alert reads, the same in the in-app list (`/notifikasi`), the email and the Telegram message.
 */
import type { NoticeKind } from '../domain/alerts';
import { formatDate, formatPercent, formatRupiah } from './format';

export interface FiredAlert {
  ticker: string;
  kind: NoticeKind;
  tradingDate: string;
  price: number | null;
  reference: number | null;
  prevPrice: number | null;
  detail: string | null;
  /** Codes that entered and left a saved screen (kind `screen`). */
  codes?: readonly string[] | null;
  leftCodes?: readonly string[] | null;
}

/** At most this many codes are named in a line; the rest are counted. */
const CODES_NAMED = 20;

/** `BBCA, BBRI, dan 3 lainnya` (a serial comma before `dan`, PUEBI). */
export function codeList(codes: readonly string[]): string {
  const named = codes.slice(0, CODES_NAMED).join(', ');
  return codes.length > CODES_NAMED ? `${named}, dan ${codes.length - CODES_NAMED} lainnya` : named;
}

const rp = (n: number | null) => (n === null ? '—' : formatRupiah(n));

/** One line, in Indonesian, naming the code, what happened and the figures. */
export function alertText(e: FiredAlert): string {
  const on = formatDate(e.tradingDate);
  switch (e.kind) {
    case 'price_above':
      return `${e.ticker} ditutup ${rp(e.price)} pada ${on}, di atas atau sama dengan batas ${rp(e.reference)}.`;
    case 'price_below':
      return `${e.ticker} ditutup ${rp(e.price)} pada ${on}, di bawah atau sama dengan batas ${rp(e.reference)}.`;
    case 'move': {
      const pct = e.price !== null && e.prevPrice ? formatPercent(e.price / e.prevPrice - 1, { sign: true }) : '—';
      return `${e.ticker} bergerak ${pct} pada ${on} (dari ${rp(e.prevPrice)} ke ${rp(e.price)}).`;
    }
    case 'target':
      return `${e.ticker} ditutup ${rp(e.price)} pada ${on}: target harga ${rp(e.reference)} dari analisis “${e.detail ?? ''}” tercapai.`;
    case 'fair_value':
      return `${e.ticker} ditutup ${rp(e.price)} pada ${on}: nilai wajar ${rp(e.reference)} dari analisis “${e.detail ?? ''}” tercapai.`;
    case 'analysis':
      return `Analisis baru untuk ${e.ticker}: “${e.detail ?? ''}”.`;
    case 'screen': {
      const left = e.leftCodes?.length ? ` Keluar: ${codeList(e.leftCodes)}.` : '';
      return `Kode baru masuk saringan “${e.detail ?? ''}” pada ${on}: ${codeList(e.codes ?? [e.ticker])}.${left}`;
    }
    case 'cum_date':
      return `Cum date dividen ${e.ticker} jatuh pada ${e.detail ? formatDate(e.detail) : '—'}; beli paling lambat hari itu untuk berhak atas dividen.`;
  }
}
