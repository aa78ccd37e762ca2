/**
 * Midtrans Snap as a PaymentProvider (QRIS, e-wallets, virtual accounts). The order id is our payment
 * id. Notifications are verified by their signature and then acted on with the status Midtrans reports
 * when asked, because the signature does not cover `transaction_status`.
 */
import { z } from 'zod';
import { planLabel } from '../../../lib/labels';
import {
  createSnapTransaction,
  getTransactionStatus,
  hasValidSignature,
  refundTransaction,
  MidtransRefusedError,
  type MidtransTransaction,
} from '../../integrations/midtrans';
import {
  RefundRefusedError,
  refundKey,
  type NotificationResult,
  type PayInstructions,
  type PaymentProvider,
  type ProviderState,
} from './types';
import type { ProviderStatus } from '../../../domain/payments';

const REASON: Record<string, string> = {
  deny: 'Pembayaran ditolak oleh bank atau penyedia pembayaran.',
  cancel: 'Transaksi dibatalkan sebelum dibayar.',
  expire: 'Batas waktu pembayaran habis sebelum pembayaran diterima.',
  failure: 'Terjadi gangguan di penyedia pembayaran saat memproses pembayaran.',
};

function status(t: MidtransTransaction): ProviderStatus {
  switch (t.transaction_status) {
    case 'settlement':
      return 'paid';
    case 'capture':
      // Card payments: only an accepted capture is money; "challenge" waits for review.
      return t.fraud_status === 'accept' ? 'paid' : t.fraud_status === 'deny' ? 'failed' : 'processing';
    case 'pending':
    case 'authorize':
      return 'processing';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
      return 'refunded';
    case 'partial_refund':
      return 'partially-refunded';
    default:
      return 'open';
  }
}

/** Midtrans' `YYYY-MM-DD HH:mm:ss`, which is WIB (GMT+7); undefined when absent or unreadable. */
export function midtransTime(s: string | undefined): Date | undefined {
  const m = s ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(s.trim()) : null;
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}+07:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Where and by when a pending bank transfer is paid: a virtual account, or Mandiri Bill's two codes. */
export function payInstructions(t: MidtransTransaction): PayInstructions | undefined {
  const payBy = midtransTime(t.expiry_time);
  const va = t.va_numbers?.find((v) => v.bank && v.va_number);
  if (va) return { bank: va.bank.toLowerCase(), number: va.va_number, payBy };
  if (t.permata_va_number) return { bank: 'permata', number: t.permata_va_number, payBy };
  if (t.payment_type === 'echannel' && t.bill_key)
    return { bank: 'mandiri', number: t.bill_key, billerCode: t.biller_code, payBy };
  return undefined;
}

/** The state a Midtrans transaction describes. */
export function transactionState(t: MidtransTransaction): ProviderState {
  const s = status(t);
  return {
    provider: 'midtrans',
    ref: t.order_id,
    paymentId: t.order_id,
    paymentRef: t.transaction_id,
    status: s,
    amount: Number(t.gross_amount),
    currency: (t.currency ?? 'IDR').toUpperCase(),
    method: t.payment_type,
    reason: s === 'failed' || s === 'expired' ? (REASON[t.transaction_status] ?? REASON.deny) : undefined,
    instructions: s === 'processing' ? payInstructions(t) : undefined,
  };
}

const notificationSchema = z.object({
  order_id: z.string().min(1).max(64),
  status_code: z.string().min(1).max(8),
  gross_amount: z.string().min(1).max(32),
  signature_key: z.string().min(1).max(256),
  transaction_status: z.string().max(32).optional(),
  transaction_id: z.string().max(64).optional(),
});

export const midtransProvider: PaymentProvider = {
  id: 'midtrans',
  label: 'QRIS, e-wallet, atau virtual account',
  methods: 'QRIS, GoPay, OVO, DANA, ShopeePay, dan transfer virtual account bank — diproses oleh Midtrans',

  async startCheckout({ paymentId, plan, amount, user, baseUrl }) {
    const snap = await createSnapTransaction({
      orderId: paymentId,
      amount,
      item: { id: plan.id, name: `Telaah ${planLabel(plan)}` },
      customer: { name: user.name, email: user.email },
      finishUrl: `${baseUrl}/payment-capture`,
      notificationUrl: `${baseUrl}/api/webhooks/midtrans`,
    });
    return { ref: paymentId, redirectUrl: snap.redirectUrl };
  },

  async fetchState(ref) {
    const t = await getTransactionStatus(ref);
    return t ? transactionState(t) : null;
  },

  async parseNotification(rawBody): Promise<NotificationResult> {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return { ok: false, status: 400, message: 'Notifikasi bukan JSON yang valid.' };
    }
    const n = notificationSchema.safeParse(json);
    if (!n.success) return { ok: false, status: 400, message: 'Notifikasi tidak lengkap.' };
    if (!hasValidSignature(n.data)) return { ok: false, status: 403, message: 'Tanda tangan notifikasi tidak valid.' };
    const current = await getTransactionStatus(n.data.order_id);
    // Midtrans notifications carry no id; a delivery is "the same event" when Midtrans reports the same state.
    const eventId = current ? [current.order_id, current.transaction_status, current.fraud_status ?? ''].join('/') : '';
    const type = `notification.${current?.transaction_status ?? n.data.transaction_status ?? 'unknown'}`;
    return { ok: true, eventId, type, state: current ? transactionState(current) : null };
  },

  async refund(p) {
    const r = await refundTransaction({
      orderId: p.ref ?? p.paymentId,
      refundKey: refundKey(p),
      amount: p.amount,
      reason: p.reason,
    }).catch((err: unknown) => {
      if (err instanceof MidtransRefusedError)
        throw new RefundRefusedError(
          `${err.message}. Kembalikan dana di luar konsol (mis. transfer bank untuk pembayaran virtual account).`,
        );
      throw err;
    });
    if (r.transactionStatus !== 'refund')
      throw new RefundRefusedError(`Midtrans melaporkan status ${r.transactionStatus}, bukan pengembalian penuh.`);
    return { refundRef: r.refundKey };
  },
};
