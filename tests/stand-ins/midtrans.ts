/**
 * A local stand-in for the parts of Midtrans Telaah calls, for development and tests: Snap "create
 * transaction" (→ redirect_url to a hosted page with Bayar / Bayar nanti (BCA virtual account or Mandiri Bill) /
 * Batal / Gagal), the Core API's
 * `GET /v2/{order_id}/status` and `POST /v2/{order_id}/refund`, and HTTP notifications carrying a correct
 * `signature_key` = SHA512(order_id + status_code + gross_amount + server key).
 *
 *   npm run midtrans:dev    (reads .env: MIDTRANS_SERVER_KEY, APP_URL; MIDTRANS_STANDIN_PORT, default 12112)
 *
 * Then run the app with MIDTRANS_API_BASE=http://127.0.0.1:12112. Each notification is delivered
 * MIDTRANS_STANDIN_DELIVERIES times at once (default 1), before the browser is sent back. The finish URL
 * comes with each transaction; unfinish and error URLs (dashboard settings at Midtrans) are derived from it.
 *
 * A "pay later" transaction is described the way Midtrans describes bank transfers (Core API bank
 * transfer guide, HTTP notification samples): `payment_type: "bank_transfer"` with
 * `va_numbers: [{ bank, va_number }]` (Permata: `permata_va_number`), or `payment_type: "echannel"` with
 * `biller_code` and `bill_key` for Mandiri Bill; `transaction_time` and `expiry_time` are
 * "YYYY-MM-DD HH:mm:ss" in WIB, and the default expiry of a bank transfer is 24 hours.
 */
import { createHash, randomUUID } from 'node:crypto';
import { deliver, escapeHtml, isMain, json, page, redirect, serve, type Req, type Res, type Route } from './http';

export interface MidtransStandInOptions {
  port?: number;
  serverKey: string;
  /** Default notification URL (the dashboard setting); X-Override-Notification wins. */
  notificationUrl?: string;
  /** In-process tests: takes the notification instead of an HTTP POST; resolves with the status. */
  receive?: (body: string) => Promise<number>;
  deliveries?: number;
}

export interface Order {
  order_id: string;
  gross_amount: number;
  item: string;
  email: string;
  token: string;
  finish: string;
  notificationUrl?: string;
  /** Null until the member picks a payment method on the Snap page. */
  transaction_status: string | null;
  fraud_status?: string;
  payment_type?: string;
  transaction_id: string;
  /** Refunds made through the Core API, as the status API and refund notifications list them. */
  refunds?: {
    refund_chargeback_id: number;
    refund_amount: string;
    created_at: string;
    reason: string;
    refund_key: string;
    refund_method: string;
  }[];
  /** Bank transfer: the virtual account Midtrans issued (`bank` is bca, bni, bri, permata, cimb …). */
  va?: { bank: string; va_number: string };
  /** Mandiri Bill (echannel). */
  bill?: { biller_code: string; bill_key: string };
}

/** When the stand-in's transactions happen (WIB, Midtrans' format); the e2e clock says the same. */
export const TRANSACTION_TIME = '2026-11-20 10:00:00';
/** Bank transfers expire 24 hours after the transaction by default. */
export const EXPIRY_TIME = '2026-11-21 10:00:00';

/** A deterministic-looking virtual account number for an order: company prefix + digits of its id. */
function vaNumber(prefix: string, orderId: string, length: number): string {
  const digits = createHash('sha256')
    .update(orderId)
    .digest('hex')
    .replace(/[^0-9]/g, '');
  return (prefix + digits).slice(0, length).padEnd(length, '0');
}

const STATUS_CODE: Record<string, string> = {
  settlement: '200',
  capture: '200',
  refund: '200',
  partial_refund: '200',
  cancel: '200',
  pending: '201',
  deny: '202',
  failure: '202',
  expire: '407',
};

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

export async function startMidtransStandIn(opts: MidtransStandInOptions) {
  const orders = new Map<string, Order>();
  const byToken = new Map<string, Order>();
  const notifications: { order_id: string; transaction_status: string; statuses: number[] }[] = [];
  let base = '';

  /** The transaction as the status API and notifications describe it. */
  function describe(o: Order) {
    const status = o.transaction_status!;
    const gross = `${o.gross_amount}.00`;
    const code = STATUS_CODE[status] ?? '200';
    const pendingTransfer = o.va || o.bill;
    return {
      transaction_time: TRANSACTION_TIME,
      transaction_status: status,
      transaction_id: o.transaction_id,
      status_message: 'midtrans payment notification',
      status_code: code,
      signature_key: midtransSignature(o.order_id, code, gross, opts.serverKey),
      payment_type: o.payment_type ?? 'qris',
      order_id: o.order_id,
      merchant_id: 'G000STANDIN',
      gross_amount: gross,
      fraud_status: o.fraud_status ?? 'accept',
      currency: 'IDR',
      ...(o.refunds?.length
        ? {
            refund_amount: `${o.refunds.reduce((n, r) => n + Number(r.refund_amount), 0)}.00`,
            refunds: o.refunds,
          }
        : {}),
      ...(o.va && o.va.bank === 'permata'
        ? { permata_va_number: o.va.va_number }
        : o.va
          ? { va_numbers: [o.va], payment_amounts: [] }
          : {}),
      ...(o.bill ?? {}),
      ...(pendingTransfer ? { expiry_time: EXPIRY_TIME } : {}),
      ...(status === 'settlement' ? { settlement_time: TRANSACTION_TIME } : {}),
    };
  }

  /**
   * POST /v2/{order_id}/refund as Midtrans answers it. Only a settled (or accepted captured) transaction can be
   * refunded; a refund_key already used is refused; the whole amount by default, less makes `partial_refund`.
   * The notification goes out before the answer.
   */
  async function refund(o: Order, req: Req): Promise<Res> {
    const p = JSON.parse(req.body || '{}') as { refund_key?: string; amount?: number; reason?: string };
    const key = p.refund_key ?? randomUUID();
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(key))
      return json(200, { status_code: '400', status_message: 'refund_key is invalid' });
    if (o.refunds?.some((r) => r.refund_key === key))
      return json(200, {
        status_code: '406',
        status_message: 'Duplicate refund_key, the refund has already been made',
      });
    const refunded = (o.refunds ?? []).reduce((n, r) => n + Number(r.refund_amount), 0);
    if (!['settlement', 'capture', 'partial_refund'].includes(o.transaction_status!))
      return json(200, { status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' });
    const amount = p.amount ?? o.gross_amount - refunded;
    if (!Number.isInteger(amount) || amount <= 0 || amount > o.gross_amount - refunded)
      return json(200, {
        status_code: '413',
        status_message: 'The request cannot be processed due to malformed syntax in the request body: amount',
      });
    const entry = {
      refund_chargeback_id: (o.refunds?.length ?? 0) + 1,
      refund_amount: `${amount}.00`,
      created_at: '2026-11-20 10:05:00',
      reason: p.reason ?? '',
      refund_key: key,
      refund_method: '',
    };
    o.refunds = [...(o.refunds ?? []), entry];
    const status = refunded + amount === o.gross_amount ? 'refund' : 'partial_refund';
    await setStatus(o, status);
    return json(200, {
      status_code: '200',
      status_message: 'Success, refund request is approved',
      transaction_id: o.transaction_id,
      order_id: o.order_id,
      payment_type: o.payment_type ?? 'qris',
      transaction_time: '2026-11-20 10:00:00',
      transaction_status: status,
      gross_amount: `${o.gross_amount}.00`,
      currency: 'IDR',
      refund_chargeback_id: entry.refund_chargeback_id,
      refund_amount: entry.refund_amount,
      refund_key: key,
    });
  }

  /** Moves an order to `status` and notifies the app `times` times at once. */
  async function setStatus(o: Order, status: string, extra: Partial<Order> = {}, times = opts.deliveries ?? 1) {
    Object.assign(o, extra, { transaction_status: status });
    const body = JSON.stringify(describe(o));
    const url = o.notificationUrl ?? opts.notificationUrl;
    const statuses = opts.receive
      ? await Promise.all(Array.from({ length: times }, () => opts.receive!(body)))
      : url && times > 0
        ? await deliver(url, body, () => ({}), times)
        : [];
    notifications.push({ order_id: o.order_id, transaction_status: status, statuses });
    return { body, statuses };
  }

  function authorised(req: Req): boolean {
    return req.headers.authorization === `Basic ${Buffer.from(`${opts.serverKey}:`).toString('base64')}`;
  }

  function createTransaction(req: Req): Res {
    const p = JSON.parse(req.body || '{}') as {
      transaction_details?: { order_id?: string; gross_amount?: number };
      item_details?: { price: number; quantity: number; name: string }[];
      customer_details?: { email?: string };
      callbacks?: { finish?: string };
    };
    const orderId = p.transaction_details?.order_id;
    const gross = p.transaction_details?.gross_amount;
    if (!orderId || !/^[A-Za-z0-9\-_~.]{1,50}$/.test(orderId))
      return json(400, { error_messages: ['transaction_details.order_id is invalid'] });
    if (orders.has(orderId))
      return json(400, { error_messages: ['transaction_details.order_id has already been taken'] });
    if (!Number.isInteger(gross) || gross! <= 0)
      return json(400, { error_messages: ['transaction_details.gross_amount must be a whole number of Rupiah'] });
    const items = p.item_details ?? [];
    if (items.length && items.reduce((s, i) => s + i.price * i.quantity, 0) !== gross) {
      return json(400, {
        error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'],
      });
    }
    const o: Order = {
      order_id: orderId,
      gross_amount: gross!,
      item: items[0]?.name ?? orderId,
      email: p.customer_details?.email ?? '',
      token: randomUUID(),
      finish: p.callbacks?.finish ?? '',
      notificationUrl: (req.headers['x-override-notification'] as string | undefined) ?? undefined,
      transaction_status: null,
      transaction_id: randomUUID(),
    };
    orders.set(orderId, o);
    byToken.set(o.token, o);
    return json(201, { token: o.token, redirect_url: `${base}/snap/v4/redirection/${o.token}` });
  }

  /** Where Snap sends the browser: the finish URL, or the dashboard's unfinish / error pages beside it. */
  function back(o: Order, kind: 'finish' | 'unfinish' | 'error'): Res {
    const finish = new URL(o.finish || 'http://localhost/payment-capture');
    const target =
      kind === 'finish' ? finish : new URL(`/payment-capture/${kind === 'unfinish' ? 'cancel' : 'error'}`, finish);
    target.searchParams.set('order_id', o.order_id);
    if (o.transaction_status) {
      target.searchParams.set('status_code', STATUS_CODE[o.transaction_status] ?? '200');
      target.searchParams.set('transaction_status', o.transaction_status);
    }
    return redirect(target.toString());
  }

  async function choose(o: Order, action: string): Promise<Res> {
    if (action === 'batal') return back(o, 'unfinish');
    if (o.transaction_status && o.transaction_status !== 'pending')
      return page('Selesai', '<h1>Transaksi ini sudah selesai.</h1>');
    if (action === 'bayar') {
      await setStatus(o, 'settlement', { payment_type: 'qris' });
      return back(o, 'finish');
    }
    if (action === 'nanti') {
      await setStatus(o, 'pending', {
        payment_type: 'bank_transfer',
        va: { bank: 'bca', va_number: vaNumber('12112', o.order_id, 11) },
      });
      return back(o, 'finish');
    }
    if (action === 'mandiri') {
      await setStatus(o, 'pending', {
        payment_type: 'echannel',
        bill: { biller_code: '70012', bill_key: vaNumber('', o.order_id, 12) },
      });
      return back(o, 'finish');
    }
    await setStatus(o, 'deny', { payment_type: 'credit_card', fraud_status: 'deny' });
    return back(o, 'error');
  }

  function snapPage(o: Order): Res {
    const rupiah = new Intl.NumberFormat('id-ID').format(o.gross_amount);
    const actions: [string, string][] = [
      ['bayar', 'Bayar (QRIS)'],
      ['nanti', 'Bayar nanti (virtual account)'],
      ['mandiri', 'Bayar nanti (Mandiri Bill)'],
      ['batal', 'Batal'],
      ['gagal', 'Gagal'],
    ];
    const buttons = actions
      .map(
        ([a, label]) =>
          `<form method="post" action="/snap/v4/redirection/${o.token}/${a}"><button class="${a === 'bayar' ? 'primary' : ''}">${label}</button></form>`,
      )
      .join('');
    // Reopened while a transfer waits, Snap shows where to pay again.
    const waiting =
      o.transaction_status === 'pending' && (o.va || o.bill)
        ? `<div class="card"><p>Menunggu transfer: ${escapeHtml(o.va ? `${o.va.bank.toUpperCase()} VA ${o.va.va_number}` : `Mandiri Bill ${o.bill!.biller_code} / ${o.bill!.bill_key}`)}, sebelum ${EXPIRY_TIME} WIB</p></div>`
        : '';
    return page(
      'Snap (stand-in Midtrans)',
      `<p class="muted">Stand-in Midtrans — bukan pembayaran sungguhan</p><h1>${escapeHtml(o.item)}</h1><div class="card"><p>Total: <strong>Rp ${rupiah}</strong></p><p class="muted">Order ${escapeHtml(o.order_id)}</p></div>${waiting}${buttons}`,
    );
  }

  const api = (fn: (req: Req, params: string[]) => Res | Promise<Res>) => (req: Req, params: string[]) =>
    authorised(req)
      ? fn(req, params)
      : json(401, { status_code: '401', status_message: 'Unknown Merchant server_key/id' });
  const withOrder =
    (fn: (o: Order, req: Req) => Res | Promise<Res>) =>
    (req: Req, [id]: string[]) => {
      const o = orders.get(id!);
      return o?.transaction_status
        ? fn(o, req)
        : json(404, { status_code: '404', status_message: "Transaction doesn't exist." });
    };

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/snap\/v1\/transactions$/, handler: api(createTransaction) },
    { method: 'GET', pattern: /^\/v2\/([^/]+)\/status$/, handler: api(withOrder((o) => json(200, describe(o)))) },
    {
      method: 'POST',
      pattern: /^\/v2\/([^/]+)\/refund$/,
      handler: api(withOrder(refund)),
    },
    {
      method: 'GET',
      pattern: /^\/snap\/v4\/redirection\/([^/]+)$/,
      handler: (_req, [t]) => (byToken.has(t!) ? snapPage(byToken.get(t!)!) : json(404, { error: 'token not found' })),
    },
    {
      method: 'POST',
      pattern: /^\/snap\/v4\/redirection\/([^/]+)\/(bayar|nanti|mandiri|batal|gagal)$/,
      handler: (_req, [t, action]) =>
        byToken.has(t!) ? choose(byToken.get(t!)!, action!) : json(404, { error: 'token not found' }),
    },
    // Test controls (not Midtrans): move an order to any status and notify, e.g. {"transaction_status":"expire"}.
    {
      method: 'POST',
      pattern: /^\/_standin\/orders\/([^/]+)\/status$/,
      handler: async (req, [id]) => {
        const o = orders.get(id!);
        if (!o) return json(404, { error: 'unknown order' });
        const p = JSON.parse(req.body || '{}') as { transaction_status: string; fraud_status?: string; times?: number };
        const r = await setStatus(
          o,
          p.transaction_status,
          p.fraud_status ? { fraud_status: p.fraud_status } : {},
          p.times,
        );
        return json(200, { statuses: r.statuses });
      },
    },
    { method: 'GET', pattern: /^\/_standin\/health$/, handler: () => json(200, { ok: true }) },
  ];
  const { server, url } = await serve(routes, opts.port ?? 0);
  base = url;
  return {
    url,
    orders,
    notifications,
    /** Moves an order to a status and notifies, as Midtrans would. */
    setStatus: (orderId: string, status: string, extra: Partial<Order> = {}, times?: number) =>
      setStatus(orders.get(orderId)!, status, extra, times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (isMain(import.meta.url)) {
  await import('../../scripts/lib/env');
  const serverKey = process.env.MIDTRANS_SERVER_KEY;
  if (!serverKey) {
    console.error('MIDTRANS_SERVER_KEY is not set (put the same value in .env for the app and the stand-in).');
    process.exit(1);
  }
  const appUrl = process.env.APP_URL || `http://localhost:${process.env.PORT || 4321}`;
  const standIn = await startMidtransStandIn({
    port: Number(process.env.MIDTRANS_STANDIN_PORT ?? 12112),
    serverKey,
    notificationUrl: `${appUrl}/api/webhooks/midtrans`,
    deliveries: Number(process.env.MIDTRANS_STANDIN_DELIVERIES ?? 1),
  });
  console.log(
    `Midtrans stand-in listening on ${standIn.url} (MIDTRANS_API_BASE=${standIn.url}); notifications → ${appUrl}/api/webhooks/midtrans`,
  );
}
