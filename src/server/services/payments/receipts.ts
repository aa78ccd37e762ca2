/**
 * Receipts (kuitansi): the printable page's data, only ever for the payment's owner, and the receipt
 * email sent once when a payment is granted.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftPasses, payments, users, type GiftStatus } from '../../db/schema';
import { config } from '../../config';
import { sendMail } from '../../integrations/mail';
import { formatDateTime, formatRupiah } from '../../../lib/format';
import { GIFT_PERIOD, periodText } from '../../../lib/format-payment';
import { PROVIDER_LABEL, planLabel } from '../../../lib/labels';
import { formatNpwp } from '../../../lib/npwp';
import { configuredOrigin } from '../../site';
import { mailBody, SIGN_OFF } from '../../mail-body';

type Payment = typeof payments.$inferSelect;

export interface Seller {
  legalName: string;
  /** Formatted for print (`0123 4567 8901 2345`), or null when no NPWP is configured. */
  npwp: string | null;
}

export interface Receipt {
  payment: Payment;
  member: { name: string; email: string };
  seller: Seller;
  /** A gift pass (decision 0041): whom it is for, and whether it was redeemed. */
  gift: { recipientEmail: string; status: GiftStatus; redeemedAt: Date | null } | null;
}

/** The seller named on every receipt: SELLER_LEGAL_NAME and SELLER_NPWP. */
function receiptSeller(): Seller {
  const c = config();
  return { legalName: c.SELLER_LEGAL_NAME, npwp: c.SELLER_NPWP ? formatNpwp(c.SELLER_NPWP) : null };
}

/** The seller's lines of a receipt: `PT …` and, when configured, `NPWP 0123 …`. */
function sellerLines(seller: Seller): string[] {
  return [seller.legalName, ...(seller.npwp ? [`NPWP ${seller.npwp}`] : [])];
}

export function receiptPath(paymentId: string): string {
  return `/settings/membership?kuitansi=${paymentId}`;
}

/** The receipt of a settled (or later refunded) payment, when it belongs to `userId`; else null. */
export async function findReceipt(db: Db, userId: string, paymentId: string): Promise<Receipt | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db
    .select({
      payment: payments,
      name: users.name,
      email: users.email,
      giftTo: giftPasses.recipientEmail,
      giftStatus: giftPasses.status,
      giftRedeemedAt: giftPasses.redeemedAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(giftPasses, eq(giftPasses.paymentId, payments.id))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), inArray(payments.status, ['paid', 'refunded'])))
    .limit(1);
  if (!row) return null;
  const gift =
    row.giftTo && row.giftStatus
      ? { recipientEmail: row.giftTo, status: row.giftStatus, redeemedAt: row.giftRedeemedAt }
      : null;
  return { payment: row.payment, member: { name: row.name, email: row.email }, seller: receiptSeller(), gift };
}

/** Mails the receipt of a granted payment to its owner. */
export async function sendReceiptMail(db: Db, payment: Payment, baseUrl = configuredOrigin()): Promise<void> {
  const r = payment.userId ? await findReceipt(db, payment.userId, payment.id) : null;
  if (!r) return;
  const link = `${baseUrl}${receiptPath(payment.id)}`;
  const item = r.gift
    ? `Hadiah keanggotaan ${planLabel(payment)} untuk ${r.gift.recipientEmail}`
    : `Keanggotaan ${planLabel(payment)}`;
  const period = r.gift ? GIFT_PERIOD : periodText(payment);
  const credit = payment.creditDays > 0 ? `Termasuk ${payment.creditDays} hari kredit dari sisa paket sebelumnya.` : '';
  await sendMail({
    to: r.member.email,
    subject: `Kuitansi ${payment.receiptNumber} — Telaah ${planLabel(payment)}`,
    ...mailBody([
      { p: `Halo ${r.member.name},` },
      { p: 'Terima kasih, pembayaran Anda sudah kami terima.' },
      {
        rows: [
          ['Nomor kuitansi', `${payment.receiptNumber}`],
          ['Tanggal', payment.paidAt ? formatDateTime(payment.paidAt) : '–'],
          ['Paket', item],
          ['Masa aktif', period],
          ...(credit ? [credit] : []),
          ...(r.gift
            ? [
                `Tautan hadiah kami kirim ke ${r.gift.recipientEmail}. Pembayaran ini tidak menambah masa aktif Anda sendiri.`,
              ]
            : []),
          ...(payment.listPrice !== null && payment.promoCode
            ? [
                [
                  'Harga paket',
                  `${formatRupiah(payment.listPrice)}, potongan kode ${payment.promoCode}: ${formatRupiah(payment.listPrice - payment.amount)}`,
                ] as const,
              ]
            : []),
          ['Jumlah', `${formatRupiah(payment.amount)} (lunas, melalui ${PROVIDER_LABEL[payment.provider]})`],
        ],
      },
      { label: 'Kuitansi yang bisa dicetak', href: link },
      { p: `Penjual: ${sellerLines(r.seller).join(', ')}` },
      SIGN_OFF,
    ]),
  });
}
