/**
 * IDX status flags of a listed company, docs/product.md §5.7: special notation letters (notasi khusus,
 * SE-00017/BEI/07-2021), the special monitoring board (Papan Pemantauan Khusus, Peraturan I-X and II-X)
 * and suspension, given by the data or derived from trading. Pure; no I/O.
 */

/** Meanings of the notation letters as IDX's rule lists them (see product.md §5.7 for the sources). */
const NOTATION_MEANING: Readonly<Record<string, string>> = {
  A: 'Opini tidak wajar (adverse) dari akuntan publik',
  B: 'Permohonan pernyataan pailit, permohonan pembatalan perdamaian, atau dalam keadaan pailit',
  C: 'Perkara hukum yang berdampak material terhadap perusahaan, anak perusahaan, direksi atau komisaris',
  D: 'Opini tidak menyatakan pendapat (disclaimer) dari akuntan publik',
  E: 'Laporan keuangan terakhir menunjukkan ekuitas negatif',
  F: 'Sanksi administratif atau perintah tertulis OJK, pelanggaran kategori ringan',
  G: 'Sanksi administratif atau perintah tertulis OJK, pelanggaran kategori sedang',
  I: 'Tercatat di Papan Ekonomi Baru, tanpa saham dengan hak suara multipel',
  K: 'Tercatat di Papan Ekonomi Baru, dengan saham dengan hak suara multipel',
  L: 'Belum menyampaikan laporan keuangan',
  M: 'Permohonan penundaan kewajiban pembayaran utang (PKPU)',
  Q: 'Kegiatan usaha dibatasi oleh regulator',
  S: 'Laporan keuangan terakhir menunjukkan tidak ada pendapatan usaha',
  V: 'Sanksi administratif atau perintah tertulis OJK, pelanggaran kategori berat',
  X: 'Dicatatkan di Papan Pemantauan Khusus',
  Y: 'Belum menyelenggarakan RUPS tahunan sampai 6 bulan setelah tahun buku berakhir',
};

/** Letters IDX may use whose meaning Telaah could not confirm from a source (N: decision 0024). */
const UNCONFIRMED = 'Notasi khusus BEI (arti huruf ini belum terkonfirmasi; lihat idx.co.id)';

/** The meaning of one notation letter, in Indonesian. */
export function notationMeaning(letter: string): string {
  return NOTATION_MEANING[letter] ?? UNCONFIRMED;
}

/** Notation letters as stored: upper case, each once, in alphabetical order ("eb" → "BE"). */
export function normaliseNotations(raw: string): string | null {
  const letters = raw.toUpperCase().replace(/[\s,.-]/g, '');
  if (!/^[A-Z]*$/.test(letters)) return null;
  return [...new Set(letters)].sort().join('');
}

/** What the special monitoring board means for trading (full call auction since 25 March 2024). */
const SPECIAL_MONITORING_TEXT =
  'Papan Pemantauan Khusus: diperdagangkan dengan lelang berkala penuh (full call auction, lima sesi; Jumat empat), ' +
  'batas auto rejection 10 % (Rp 1 untuk harga Rp 1–10) dan harga terendah Rp 1.';

export const SPECIAL_MONITORING_BOARD = 'Pemantauan Khusus';

/** Trading days with trades elsewhere but none in the stock after which Telaah shows it as suspended. */
export const SUSPENSION_TRADING_DAYS = 5;

export type SuspensionSource = 'data' | 'derived';

export interface SuspensionInput {
  /** The data's own flag (the emiten file's `suspended` column). */
  flagged: boolean;
  /** The stock's last day with volume > 0; null when it never traded. */
  lastTradeDate: string | null;
  /** Days after `lastTradeDate` on which other stocks traded, ascending (at most N are needed). */
  marketDaysAfter: readonly string[];
}

/**
 * Whether the stock is shown as suspended, and why: flagged by the data, or no trade for
 * SUSPENSION_TRADING_DAYS trading days while the rest of the market traded. Null when neither.
 */
export function suspension(i: SuspensionInput, n = SUSPENSION_TRADING_DAYS): SuspensionSource | null {
  if (i.flagged) return 'data';
  if (i.lastTradeDate !== null && i.marketDaysAfter.length >= n) return 'derived';
  return null;
}

/** A company's status flags as shown on its pages and holding rows. */
export interface StatusFlags {
  notations: string;
  board: string;
  suspended: SuspensionSource | null;
}

/** On the special monitoring board: by the board the data gives, or by IDX's notation letter X. */
function onSpecialMonitoring(f: Pick<StatusFlags, 'notations' | 'board'>): boolean {
  return f.board === SPECIAL_MONITORING_BOARD || f.notations.includes('X');
}

/** True when anything deserves a warning badge. */
export function hasFlags(f: StatusFlags): boolean {
  return f.notations.length > 0 || onSpecialMonitoring(f) || f.suspended !== null;
}

/**
 * Short badges: each notation letter, "PPK" for the special monitoring board (unless its letter X is
 * already shown), "Suspensi".
 */
export function flagBadges(f: StatusFlags): string[] {
  const out = [...f.notations];
  if (f.board === SPECIAL_MONITORING_BOARD && !f.notations.includes('X')) out.push('PPK');
  if (f.suspended) out.push('Suspensi');
  return out;
}

/** One line per flag, in Indonesian, for a page or a notice; the board's trading rules once. */
export function flagLines(f: StatusFlags): string[] {
  const lines = [...f.notations].map((l) => `Notasi ${l}: ${notationMeaning(l)}.`);
  if (onSpecialMonitoring(f)) lines.push(`${SPECIAL_MONITORING_TEXT}`);
  if (f.suspended === 'data') lines.push('Perdagangan dihentikan sementara (suspensi) menurut data bursa.');
  if (f.suspended === 'derived')
    lines.push(
      `Tidak ada transaksi selama ${SUSPENSION_TRADING_DAYS} hari bursa atau lebih sementara saham lain diperdagangkan; kemungkinan disuspensi.`,
    );
  return lines;
}

/** The text that identifies a status for change detection: notations, board, data suspension. */
export function statusKey(notations: string, board: string, suspended: boolean): string {
  return `${notations}|${board === SPECIAL_MONITORING_BOARD ? 'X' : ''}|${suspended ? 'S' : ''}`;
}
