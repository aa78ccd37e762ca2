/**
 * Where "Baca analisis" leads after a payment: the analysis (or other page on this site) the member came
 * from when they chose the plan, kept in a cookie by /pay because the provider's return URL cannot carry it.
 */
import { safeCallbackPath } from '../../../lib/redirect';

export const AFTER_PAY_COOKIE = 'telaah_dari';

/** The page to read after paying: the remembered analysis, else the analysis list. */
export function readAfterPay(cookie: string | undefined): { href: string; label: string } {
  const path = safeCallbackPath(cookie, '');
  if (path.startsWith('/analisis/')) return { href: path, label: 'Lanjut membaca analisis' };
  if (path.startsWith('/courses/')) return { href: path, label: 'Lanjut ke kursus' };
  return { href: '/analisis', label: 'Baca analisis' };
}
