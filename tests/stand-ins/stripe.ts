/**
 * A local stand-in for the parts of Stripe's HTTP API Telaah calls, for development and tests:
 * create / retrieve Checkout Sessions and create refunds, a hosted checkout page with Bayar / Batal /
 * Gagal buttons, and webhook events signed with the webhook secret exactly as Stripe signs them.
 *
 *   npm run stripe:dev      (reads .env: STRIPE_WEBHOOK_SECRET, APP_URL; STRIPE_STANDIN_PORT, default 12111)
 *
 * Then run the app with STRIPE_SECRET_KEY=sk_test_… and STRIPE_API_BASE=http://127.0.0.1:12111.
 * Each event is delivered STRIPE_STANDIN_DELIVERIES times at once (default 1), before the browser is
 * sent back, which is how tests show that repeated deliveries grant once.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { deliver, escapeHtml, isMain, json, page, redirect, serve, type Req, type Res, type Route } from './http';

export interface StripeStandInOptions {
  port?: number;
  /** Where signed events are POSTed… */
  webhookUrl?: string;
  /** …or a function that takes them (in-process tests); resolves with the HTTP status. */
  receive?: (payload: string, headers: Record<string, string>) => Promise<number>;
  webhookSecret: string;
  /** How many times each event is delivered, concurrently. */
  deliveries?: number;
  /**
   * The status a new refund is created in (read at each refund): `succeeded` (the default, as for most
   * cards) or `pending`, which settleRefund() later moves to `succeeded`, `failed` or `canceled`.
   */
  refundStatus?: 'succeeded' | 'pending';
}

type Obj = Record<string, unknown>;
interface Session extends Obj {
  id: string;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
}

export interface SentEvent {
  id: string;
  type: string;
  statuses: number[];
  /** The signed body, so that it can be sent again as Stripe's "Resend" does. */
  payload?: string;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const signer = new Stripe('sk_test_stand_in');

/** The `Stripe-Signature` header Stripe would send for `payload` (optionally at another time, in seconds). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Parses Stripe's form encoding (`line_items[0][price_data][currency]=idr`) into nested objects. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return root;
}

function stripeError(status: number, message: string, code?: string, param?: string): Res {
  return json(status, { error: { type: 'invalid_request_error', message, code, param } });
}

export async function startStripeStandIn(opts: StripeStandInOptions) {
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  const charges = new Map<string, Obj>();
  /** Refunds by id, and refund ids by the idempotency key they were created under. */
  const refunds = new Map<string, Obj>();
  const refundByKey = new Map<string, string>();
  const sent: SentEvent[] = [];
  let base = '';

  /** Signs and delivers an event `times` times at once (0 = only build it); returns it with the statuses. */
  async function emit(
    type: string,
    object: Obj,
    times = opts.deliveries ?? 1,
  ): Promise<SentEvent & { payload: string }> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const header = () => ({ 'stripe-signature': signStripePayload(payload, opts.webhookSecret) });
    const statuses = opts.receive
      ? await Promise.all(Array.from({ length: times }, () => opts.receive!(payload, header())))
      : opts.webhookUrl && times > 0
        ? await deliver(opts.webhookUrl, payload, header, times)
        : [];
    const record = { id: event.id, type, statuses, payload };
    sent.push(record);
    return record;
  }

  /** Delivers an event sent before again, as the dashboard's "Resend" does (same id, new signature). */
  async function resend(eventId: string, times = 1): Promise<number[]> {
    const e = sent.find((s) => s.id === eventId);
    if (!e?.payload) return [];
    const header = () => ({ 'stripe-signature': signStripePayload(e.payload!, opts.webhookSecret) });
    const statuses = opts.receive
      ? await Promise.all(Array.from({ length: times }, () => opts.receive!(e.payload!, header())))
      : opts.webhookUrl
        ? await deliver(opts.webhookUrl, e.payload, header, times)
        : [];
    e.statuses.push(...statuses);
    return statuses;
  }

  function authorised(req: Req): boolean {
    return /^Bearer sk_(test|live)_\S+$/.test(String(req.headers.authorization ?? ''));
  }

  function createSession(req: Req): Res {
    const key = String(req.headers['idempotency-key'] ?? '');
    if (key && byIdempotencyKey.has(key)) return json(200, sessions.get(byIdempotencyKey.get(key)!));
    const p = parseStripeForm(req.body);
    const item = ((p.line_items as Obj | undefined)?.['0'] ?? {}) as Obj;
    const price = (item.price_data ?? {}) as Obj;
    if (p.mode !== 'payment')
      return stripeError(400, 'Only mode=payment is supported by this stand-in.', 'parameter_invalid', 'mode');
    for (const param of ['success_url', 'cancel_url'] as const)
      if (!p[param]) return stripeError(400, `Missing required param: ${param}.`, 'parameter_missing', param);
    const unitAmount = Number(price.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount <= 0)
      return stripeError(400, 'Invalid unit_amount.', 'parameter_invalid', 'line_items[0][price_data][unit_amount]');
    const s: Session = {
      id: id('cs'),
      object: 'checkout.session',
      mode: 'payment',
      amount_total: unitAmount * Number(item.quantity ?? 1),
      currency: String(price.currency ?? p.currency),
      client_reference_id: (p.client_reference_id as string) ?? null,
      customer_email: (p.customer_email as string) ?? null,
      metadata: (p.metadata as Record<string, string>) ?? {},
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      success_url: String(p.success_url),
      cancel_url: String(p.cancel_url),
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 86_400,
      livemode: false,
      description: String((price.product_data as Obj | undefined)?.name ?? ''),
    };
    s.url = `${base}/c/pay/${s.id}`;
    sessions.set(s.id, s);
    if (key) byIdempotencyKey.set(key, s.id);
    return json(200, s);
  }

  /** The member's choice on the hosted page; events go out before the browser is sent back. */
  async function finish(s: Session, outcome: 'bayar' | 'batal' | 'gagal', times?: number): Promise<Res> {
    if (outcome === 'batal') return redirect(s.cancel_url);
    if (s.status !== 'open') return page('Sesi selesai', '<h1>Sesi pembayaran ini sudah selesai.</h1>');
    s.status = 'complete';
    s.payment_intent = id('pi');
    const successUrl = s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id);
    if (outcome === 'gagal') {
      // An asynchronous method (bank debit) that the bank later declines.
      await emit('checkout.session.completed', { ...s }, times);
      await emit('checkout.session.async_payment_failed', { ...s }, times);
      return redirect(successUrl);
    }
    s.payment_status = 'paid';
    charges.set(s.payment_intent, {
      id: id('ch'),
      object: 'charge',
      amount: s.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: s.currency,
      payment_intent: s.payment_intent,
      metadata: s.metadata,
    });
    await emit('checkout.session.completed', { ...s }, times);
    return redirect(successUrl);
  }

  /**
   * POST /v1/refunds as Stripe answers it: a `refund` object; the same Idempotency-Key gives the same refund
   * back without refunding again; a fully refunded charge is refused with `charge_already_refunded`. The
   * events (`refund.created`, then `charge.refunded` with the charge) go out before the answer.
   */
  async function refund(req: Req): Promise<Res> {
    const key = String(req.headers['idempotency-key'] ?? '');
    if (key && refundByKey.has(key)) return json(200, refunds.get(refundByKey.get(key)!));
    const p = parseStripeForm(req.body);
    const charge = p.payment_intent
      ? charges.get(String(p.payment_intent))
      : [...charges.values()].find((c) => c.id === p.charge);
    if (!charge)
      return p.payment_intent
        ? stripeError(
            404,
            `No such payment_intent: '${String(p.payment_intent)}'`,
            'resource_missing',
            'payment_intent',
          )
        : stripeError(400, 'Missing required param: payment_intent or charge.', 'parameter_missing', 'payment_intent');
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (left <= 0)
      return stripeError(400, `Charge ${String(charge.id)} has already been refunded.`, 'charge_already_refunded');
    const amount = p.amount ? Number(p.amount) : left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return stripeError(
        400,
        `Refund amount (${String(p.amount)}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
        'amount',
      );
    if (p.reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(String(p.reason)))
      return stripeError(400, `Invalid reason: ${String(p.reason)}`, 'parameter_invalid', 'reason');
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const r: Obj = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: charge.id,
      created: Math.floor(Date.now() / 1000),
      currency: charge.currency,
      metadata: (p.metadata as Record<string, string>) ?? {},
      payment_intent: charge.payment_intent,
      reason: (p.reason as string) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: opts.refundStatus ?? 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(String(r.id), r);
    if (key) refundByKey.set(key, String(r.id));
    await emit('refund.created', { ...r });
    await emit('charge.refunded', { ...charge });
    return json(200, r);
  }

  /**
   * A pending refund reaches its end as Stripe's would: `refund.updated` (and `refund.failed` when it
   * failed); a refund that failed or was canceled gives its amount back to the charge.
   */
  async function settleRefund(refundId: string, status: 'succeeded' | 'failed' | 'canceled'): Promise<void> {
    const r = refunds.get(refundId);
    if (!r || r.status !== 'pending') throw new Error(`refund ${refundId} is not pending`);
    r.status = status;
    if (status !== 'succeeded') {
      const charge = [...charges.values()].find((c) => c.id === r.charge)!;
      charge.amount_refunded = Number(charge.amount_refunded) - Number(r.amount);
      charge.refunded = false;
      if (status === 'failed') r.failure_reason = 'expired_or_canceled_card';
    }
    await emit('refund.updated', { ...r });
    if (status === 'failed') await emit('refund.failed', { ...r });
  }

  /** GET /v1/refunds?payment_intent=…: the refunds of a PaymentIntent, newest first, as a list object. */
  function listRefunds(req: Req): Res {
    const pi = req.query.get('payment_intent');
    const data = [...refunds.values()].filter((r) => !pi || r.payment_intent === pi).reverse();
    return json(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
  }

  function checkoutPage(s: Session): Res {
    const rupiah = new Intl.NumberFormat('id-ID').format(s.amount_total / 100);
    const buttons =
      s.status === 'open'
        ? ['bayar', 'batal', 'gagal']
            .map(
              (o) =>
                `<form method="post" action="/c/pay/${s.id}/${o}"><button class="${o === 'bayar' ? 'primary' : ''}">${o[0]!.toUpperCase()}${o.slice(1)}</button></form>`,
            )
            .join('')
        : '<p>Sesi pembayaran ini sudah selesai.</p>';
    return page(
      'Checkout (stand-in Stripe)',
      `<p class="muted">Stand-in Stripe — bukan pembayaran sungguhan</p><h1>${escapeHtml(String(s.description))}</h1><div class="card"><p>Total: <strong>Rp ${rupiah}</strong> (${escapeHtml(s.currency.toUpperCase())})</p><p class="muted">${escapeHtml(String(s.customer_email ?? ''))}</p></div>${buttons}`,
    );
  }

  const withSession =
    (fn: (s: Session, req: Req) => Res | Promise<Res>) =>
    (req: Req, [sid]: string[]) => {
      const s = sessions.get(sid!);
      return s ? fn(s, req) : stripeError(404, `No such checkout.session: '${sid}'`, 'resource_missing', 'id');
    };
  const api = (fn: (req: Req, params: string[]) => Res | Promise<Res>) => (req: Req, params: string[]) =>
    authorised(req)
      ? fn(req, params)
      : json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handler: api(createSession) },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handler: api(withSession((s) => json(200, s))) },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handler: api(refund) },
    { method: 'GET', pattern: /^\/v1\/refunds$/, handler: api(listRefunds) },
    { method: 'GET', pattern: /^\/c\/pay\/([^/]+)$/, handler: withSession(checkoutPage) },
    {
      method: 'POST',
      pattern: /^\/c\/pay\/([^/]+)\/(bayar|batal|gagal)$/,
      handler: (req, [sid, outcome]) => withSession((s) => finish(s, outcome as 'bayar'))(req, [sid!]),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handler: api((_req, [rid]) =>
        refunds.has(rid!)
          ? json(200, refunds.get(rid!))
          : stripeError(404, `No such refund: '${rid}'`, 'resource_missing', 'id'),
      ),
    },
    { method: 'GET', pattern: /^\/_standin\/health$/, handler: () => json(200, { ok: true }) },
    // Test controls (not Stripe's API): the events sent, without their bodies; send one again.
    // Each with the metadata of the object it is about (our payment, member and plan ids), to find one's own.
    {
      method: 'GET',
      pattern: /^\/_standin\/events$/,
      handler: () =>
        json(
          200,
          sent.map(({ payload, ...e }) => ({
            ...e,
            metadata: payload ? (JSON.parse(payload) as { data: { object: Obj } }).data.object.metadata : undefined,
          })),
        ),
    },
    {
      method: 'POST',
      pattern: /^\/_standin\/events\/([^/]+)\/resend$/,
      handler: async (req, [eid]) => {
        const times = Number((JSON.parse(req.body || '{}') as { times?: number }).times ?? 1);
        return sent.some((e) => e.id === eid)
          ? json(200, { statuses: await resend(eid!, times) })
          : json(404, { error: 'unknown event' });
      },
    },
  ];
  const { server, url } = await serve(routes, opts.port ?? 0);
  base = url;
  return {
    url,
    sessions,
    sent,
    refunds,
    /** Sends a signed event as Stripe would, `times` times at once. */
    emit,
    resend,
    /** What the hosted page's buttons do, with `times` deliveries of each event (0 = none). */
    complete: (sessionId: string, outcome: 'bayar' | 'batal' | 'gagal', times?: number) =>
      finish(sessions.get(sessionId)!, outcome, times),
    settleRefund,
    /** A refund as made in Stripe's dashboard: sends charge.refunded. */
    refund: (paymentIntent: string) =>
      refund({
        method: 'POST',
        path: '/v1/refunds',
        query: new URLSearchParams(),
        headers: {},
        body: `payment_intent=${paymentIntent}`,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (isMain(import.meta.url)) {
  await import('../../scripts/lib/env');
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    console.error('STRIPE_WEBHOOK_SECRET is not set (put the same value in .env for the app and the stand-in).');
    process.exit(1);
  }
  const appUrl = process.env.APP_URL || `http://localhost:${process.env.PORT || 4321}`;
  const standIn = await startStripeStandIn({
    port: Number(process.env.STRIPE_STANDIN_PORT ?? 12111),
    webhookUrl: process.env.STRIPE_STANDIN_WEBHOOK_URL ?? `${appUrl}/api/webhooks/stripe`,
    webhookSecret: secret,
    deliveries: Number(process.env.STRIPE_STANDIN_DELIVERIES ?? 1),
  });
  console.log(
    `Stripe stand-in listening on ${standIn.url} (STRIPE_API_BASE=${standIn.url}); webhooks → ${appUrl}/api/webhooks/stripe`,
  );
}
