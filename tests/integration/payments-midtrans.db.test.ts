/**
 * Midtrans Snap payments below the browser, on the local Midtrans stand-in: notifications racing the
 * finish redirect, forged signatures, pending → expire, deny → settlement, card review, refunds.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';

const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-midtrans-'));
const SERVER_KEY = 'SB-Mid-server-integration-test';
Object.assign(process.env, { DATA_DIR: dataDir, MIDTRANS_SERVER_KEY: SERVER_KEY, STRIPE_SECRET_KEY: '', SMTP_URL: '' });

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { memberships, payments } from '../../src/server/db/schema';
import { startCheckout } from '../../src/server/services/payments';
import { captureReturn } from '../../src/server/services/payments';
import { configuredProviders } from '../../src/server/services/payments';
import { handleWebhook } from '../../src/server/services/payments';
import { awaitingTransfers } from '../../src/server/services/payments';
import { currentTier } from '../../src/server/services/membership';
import { addMonthsWib } from '../../src/domain/dates';
import { midtransSignature, startMidtransStandIn } from '../stand-ins/midtrans';
import { createUser } from '../factories/users';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const BASE = 'http://localhost:4321';

function receiptMails(to: string): unknown[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'outbox'));
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as { to: string; subject: string })
    .filter((m) => m.to === to && m.subject.startsWith('Kuitansi'));
}

describe('Midtrans payments', () => {
  let h: DbHandle;
  let standIn: Awaited<ReturnType<typeof startMidtransStandIn>>;
  const notify = (body: string) =>
    handleWebhook(
      h.db,
      'midtrans',
      { rawBody: body, headers: new Headers({ 'content-type': 'application/json' }) },
      { now: NOW, baseUrl: BASE },
    );

  beforeAll(async () => {
    h = await createTestDb();
    standIn = await startMidtransStandIn({
      serverKey: SERVER_KEY,
      receive: async (body) => (await notify(body)).status,
    });
    process.env.MIDTRANS_API_BASE = standIn.url;
  });
  afterAll(async () => {
    await standIn.close();
    await h.close();
  });

  async function checkout(planId = 'premium-3') {
    const user = await createUser(h.db);
    const started = await startCheckout(h.db, user, { planId, providerId: 'midtrans' }, { baseUrl: BASE });
    if (!started.ok) throw new Error(started.message);
    return { user, orderId: started.paymentId, redirectUrl: started.redirectUrl };
  }
  const statusOf = async (orderId: string) => (await h.db.select().from(payments).where(eq(payments.id, orderId)))[0]!;
  const passesOf = (userId: string) =>
    h.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.source, 'payment')));
  const finish = (userId: string, orderId: string, hint = 'settlement') =>
    captureReturn(
      h.db,
      userId,
      new URLSearchParams({ order_id: orderId, status_code: '200', transaction_status: hint }),
      { now: NOW, baseUrl: BASE },
    );

  it('is offered only when MIDTRANS_SERVER_KEY is set', () => {
    expect(configuredProviders().map((p) => p.id)).toEqual(['midtrans']);
  });

  it('creates a Snap transaction whose order id is the payment, for the plan price', async () => {
    const { orderId, redirectUrl } = await checkout('premium-3');
    const order = standIn.orders.get(orderId)!;
    expect(redirectUrl).toBe(`${standIn.url}/snap/v4/redirection/${order.token}`);
    expect(order).toMatchObject({
      gross_amount: 799_000,
      item: 'Telaah Premium 3 bulan',
      finish: `${BASE}/payment-capture`,
      notificationUrl: `${BASE}/api/webhooks/midtrans`,
    });
    expect(await statusOf(orderId)).toMatchObject({ provider: 'midtrans', providerRef: orderId, status: 'pending' });
  });

  it.each([1, 2])(
    'grants once with the settlement notified 5 times at once, racing the finish redirect (round %i)',
    async () => {
      const { user, orderId } = await checkout('premium-3');
      const { body } = await standIn.setStatus(orderId, 'settlement', {}, 0);
      const results = await Promise.all([
        finish(user.id, orderId),
        ...Array.from({ length: 5 }, () => notify(body)),
        finish(user.id, orderId),
      ]);
      expect(results.map((r) => ('status' in r ? r.status : r.kind))).toEqual([
        'paid',
        200,
        200,
        200,
        200,
        200,
        'paid',
      ]);
      expect(await statusOf(orderId)).toMatchObject({
        status: 'paid',
        method: 'qris',
        amount: 799_000,
        receiptNumber: expect.stringMatching(/^TLH-2026-/),
      });
      expect(await passesOf(user.id)).toMatchObject([{ tier: 'premium', startsAt: NOW, endsAt: addMonthsWib(NOW, 3) }]);
      expect(receiptMails(user.email)).toHaveLength(1);
    },
  );

  it('answers a forged signature with 403 and changes nothing; a malformed body with 400', async () => {
    const { user, orderId } = await checkout('reguler-1');
    const { body } = await standIn.setStatus(orderId, 'settlement', {}, 0);
    const forged = {
      ...JSON.parse(body),
      signature_key: midtransSignature(orderId, '200', '149000.00', 'SB-Mid-server-bukan-kami'),
    };
    const res = await notify(JSON.stringify(forged));
    expect(res).toEqual({ status: 403, body: { error: 'Tanda tangan notifikasi tidak valid.' } });
    // The amount is covered by the signature: raising it breaks it too.
    expect((await notify(JSON.stringify({ ...JSON.parse(body), gross_amount: '1.00' }))).status).toBe(403);
    expect((await notify('bukan json')).status).toBe(400);
    expect((await notify(JSON.stringify({ order_id: orderId }))).status).toBe(400);
    expect(await statusOf(orderId)).toMatchObject({ status: 'pending', receiptNumber: null });
    expect(await passesOf(user.id)).toEqual([]);
  });

  it('waits while pending and grants nothing when the transaction expires', async () => {
    const { user, orderId } = await checkout('reguler-3');
    await standIn.setStatus(orderId, 'pending', { payment_type: 'bank_transfer' }, 3);
    expect(await statusOf(orderId)).toMatchObject({ status: 'processing', method: 'bank_transfer' });
    expect(await finish(user.id, orderId, 'pending')).toMatchObject({ kind: 'processing' });
    await standIn.setStatus(orderId, 'expire', {}, 3);
    expect(await statusOf(orderId)).toMatchObject({
      status: 'expired',
      failureReason: expect.stringContaining('Batas waktu'),
    });
    expect(await passesOf(user.id)).toEqual([]);
    expect((await currentTier(h.db, user.id, NOW)).tier).toBe('gratis');
  });

  /** The member picks "Bayar nanti" on the Snap page (BCA virtual account, or Mandiri Bill). */
  async function payLater(orderId: string, how: 'nanti' | 'mandiri') {
    const res = await fetch(`${standIn.url}/snap/v4/redirection/${standIn.orders.get(orderId)!.token}/${how}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
  }

  it('keeps the virtual account, amount and deadline of a transfer, and lists it until the deadline', async () => {
    const { user, orderId } = await checkout('reguler-3');
    await payLater(orderId, 'nanti');
    const va = standIn.orders.get(orderId)!.va!;
    expect(va.va_number).toMatch(/^12112\d{6}$/);
    expect(await statusOf(orderId)).toMatchObject({
      status: 'processing',
      method: 'bank_transfer',
      amount: 399_000,
      payBank: 'bca',
      payNumber: va.va_number,
      payBillerCode: null,
      payBy: new Date('2026-11-21T10:00:00+07:00'),
    });
    expect((await awaitingTransfers(h.db, user.id, NOW)).map((p) => p.id)).toEqual([orderId]);
    // Past the deadline the account takes no money: no longer listed, even before Midtrans says "expire".
    expect(await awaitingTransfers(h.db, user.id, new Date('2026-11-21T10:00:00+07:00'))).toEqual([]);
    // Another member never sees it.
    const other = await createUser(h.db);
    expect(await awaitingTransfers(h.db, other.id, NOW)).toEqual([]);
    await standIn.setStatus(orderId, 'settlement');
    expect(await statusOf(orderId)).toMatchObject({ status: 'paid', method: 'bank_transfer' });
    expect(await awaitingTransfers(h.db, user.id, NOW)).toEqual([]);
    expect((await currentTier(h.db, user.id, NOW)).tier).toBe('reguler');
  });

  it('keeps Mandiri Bill as company code and payment code', async () => {
    const { user, orderId } = await checkout('premium-1');
    await payLater(orderId, 'mandiri');
    expect(await statusOf(orderId)).toMatchObject({
      status: 'processing',
      method: 'echannel',
      payBank: 'mandiri',
      payBillerCode: '70012',
      payNumber: standIn.orders.get(orderId)!.bill!.bill_key,
    });
    await standIn.setStatus(orderId, 'expire');
    expect(await statusOf(orderId)).toMatchObject({ status: 'expired' });
    expect(await awaitingTransfers(h.db, user.id, NOW)).toEqual([]);
  });

  it('grants once when a denied transaction is settled afterwards', async () => {
    const { user, orderId } = await checkout('reguler-1');
    await standIn.setStatus(orderId, 'deny', { fraud_status: 'deny' }, 2);
    expect(await statusOf(orderId)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('ditolak'),
    });
    await standIn.setStatus(orderId, 'settlement', { fraud_status: 'accept' }, 5);
    await standIn.setStatus(orderId, 'settlement', {}, 2);
    expect(await statusOf(orderId)).toMatchObject({ status: 'paid' });
    expect(await passesOf(user.id)).toHaveLength(1);
    expect(receiptMails(user.email)).toHaveLength(1);
  });

  it('holds a card capture under fraud review until it is accepted', async () => {
    const { user, orderId } = await checkout('reguler-1');
    await standIn.setStatus(orderId, 'capture', { fraud_status: 'challenge', payment_type: 'credit_card' });
    expect(await statusOf(orderId)).toMatchObject({ status: 'processing' });
    expect(await passesOf(user.id)).toEqual([]);
    await standIn.setStatus(orderId, 'capture', { fraud_status: 'accept' });
    expect(await statusOf(orderId)).toMatchObject({ status: 'paid', method: 'credit_card' });
  });

  it('acts on the status Midtrans reports, not on what the notification claims', async () => {
    const { user, orderId } = await checkout('reguler-1');
    await standIn.setStatus(orderId, 'pending', {}, 0);
    // A genuine "settlement"-coded notification while Midtrans still says pending grants nothing.
    const o = standIn.orders.get(orderId)!;
    const claim = {
      order_id: orderId,
      status_code: '200',
      gross_amount: `${o.gross_amount}.00`,
      transaction_status: 'settlement',
    };
    const res = await notify(
      JSON.stringify({ ...claim, signature_key: midtransSignature(orderId, '200', claim.gross_amount, SERVER_KEY) }),
    );
    expect(res.status).toBe(200);
    expect(await statusOf(orderId)).toMatchObject({ status: 'processing' });
    expect(await passesOf(user.id)).toEqual([]);
  });

  it('ends the access a refund paid for', async () => {
    const { user, orderId } = await checkout('premium-1');
    await standIn.setStatus(orderId, 'settlement');
    expect((await currentTier(h.db, user.id, NOW)).tier).toBe('premium');
    const res = await fetch(`${standIn.url}/v2/${orderId}/refund`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ refund_key: 'r1', amount: 299_000, reason: 'permintaan anggota' }),
    });
    expect(res.status).toBe(200);
    expect(await statusOf(orderId)).toMatchObject({ status: 'refunded', refundedAt: NOW });
    expect(await currentTier(h.db, user.id, NOW)).toEqual({ tier: 'gratis', endsAt: null });
  });

  it('refuses to grant when Midtrans reports another amount', async () => {
    const { user, orderId } = await checkout('premium-12');
    standIn.orders.get(orderId)!.gross_amount = 1_000;
    await standIn.setStatus(orderId, 'settlement');
    expect(await statusOf(orderId)).toMatchObject({ status: 'rejected' });
    expect(await passesOf(user.id)).toEqual([]);
  });

  it('acknowledges a signed notification for an order it does not know (a dashboard test) and does nothing', async () => {
    const body = {
      order_id: 'tes-dashboard-1',
      status_code: '200',
      gross_amount: '10000.00',
      transaction_status: 'settlement',
    };
    const res = await notify(
      JSON.stringify({
        ...body,
        signature_key: midtransSignature(body.order_id, '200', body.gross_amount, SERVER_KEY),
      }),
    );
    expect(res).toEqual({ status: 200, body: { received: true, ignored: 'notification.settlement' } });
  });
});
