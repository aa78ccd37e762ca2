/** How a payment's membership period reads on the receipt page and in the receipt mail. */
import { formatDate } from './format';

/** `20 November 2026 – 20 Desember 2026`, or `–` for a payment that grants no period. */
export function periodText(p: { periodStartsAt: Date | null; periodEndsAt: Date | null }): string {
  return p.periodStartsAt && p.periodEndsAt ? `${formatDate(p.periodStartsAt)} – ${formatDate(p.periodEndsAt)}` : '–';
}

/** What a gift's receipt says instead of a period: it starts when the recipient redeems it (decision 0041). */
export const GIFT_PERIOD = 'dimulai saat penerima menukarkan hadiah';
