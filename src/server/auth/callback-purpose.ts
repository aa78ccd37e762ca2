/**
 * What a visitor was doing when they were sent to sign in, said in one sentence on the sign-in and
 * sign-up pages, so that a stranger who picked a plan or opened an analysis knows why they are there.
 */
import { findPlan } from '../../domain/plans';
import { planLabel } from '../../lib/labels';
import { formatRupiah } from '../../lib/format';
import { safeCallbackPath } from '../../lib/redirect';

const PAGES: [RegExp, string][] = [
  [/^\/analisis\/.+/, 'membaca analisis yang Anda buka'],
  [/^\/courses\/.+/, 'membuka pelajaran yang Anda pilih'],
  [/^\/portofolio\//, 'membuka portofolio Anda'],
  [/^\/settings\//, 'membuka pengaturan akun Anda'],
  [/^\/telegram/, 'menghubungkan Telegram'],
  [/^\/hadiah$/, 'menerima hadiah keanggotaan yang dikirim kepada Anda'],
  [/^\/starting-guide\/rekomendasi-saya/, 'melihat rekomendasi untuk Anda'],
];

/** The sentence for a callback path, or null when there is none (or it is not a path on this site). */
export function callbackPurpose(callback: string | null | undefined): string | null {
  const path = safeCallbackPath(callback, '');
  if (!path) return null;
  const url = new URL(path, 'http://telaah.invalid');
  if (url.pathname === '/pay') {
    const plan = findPlan(url.searchParams.get('plan') ?? '');
    return plan
      ? `Anda sedang memilih paket ${planLabel(plan)} (${formatRupiah(plan.price)}). Masuk, atau daftar gratis, untuk melanjutkan ke pembayaran; pilihan Anda tetap tersimpan.`
      : 'Masuk, atau daftar gratis, untuk melanjutkan ke pembayaran.';
  }
  const page = PAGES.find(([re]) => re.test(url.pathname));
  return `Masuk, atau daftar gratis, untuk ${page ? page[1] : 'melanjutkan ke halaman yang Anda buka'}; setelah itu Anda kembali ke sana.`;
}
