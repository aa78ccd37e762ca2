/**
 * Stripe payments end to end below the browser: checkout on the local Stripe stand-in, the return page
 * and signed webhooks racing each other, refunds, forged signatures.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';

const dataDir = mkdtempSync(path.join(tmpdir(), 'telaah-pay-'));
const SECRET = 'whsec_integration_test_secret';
Object.assign(process.env, {
  DATA_DIR: dataDir,
  STRIPE_SECRET_KEY: 'sk_test_integration',
  STRIPE_WEBHOOK_SECRET: SECRET,
  SMTP_URL: '',
});

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { memberships, paymentEvents, payments } from '../../src/server/db/schema';
import { startCheckout } from '../../src/server/services/payments';
import { captureReturn } from '../../src/server/services/payments';
import { handleWebhook } from '../../src/server/services/payments';
import { currentTier } from '../../src/server/services/membership';
import { deleteAccount, exportData } from '../../src/server/services/accounts';
import { addMonthsWib } from '../../src/domain/dates';
import { signStripePayload, startStripeStandIn } from '../stand-ins/stripe';
import { createUser } from '../factories/users';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const BASE = 'http://localhost:4321';

function receiptMails(to: string) {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'outbox'));
  } catch {
    return [];
  }
  return files
    .map(
      (f) =>
        JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    )
    .filter((m) => m.to === to && m.subject.startsWith('Kuitansi'));
}

describe('Stripe payments', () => {
  let h: DbHandle;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  const webhook = (payload: string, signature: string) =>
    handleWebhook(
      h.db,
      'stripe',
      { rawBody: payload, headers: new Headers({ 'stripe-signature': signature }) },
      { now: NOW, baseUrl: BASE },
    );

  beforeAll(async () => {
    h = await createTestDb();
    standIn = await startStripeStandIn({
      webhookSecret: SECRET,
      receive: async (payload, headers) => (await webhook(payload, headers['stripe-signature']!)).status,
    });
    process.env.STRIPE_API_BASE = standIn.url;
  });
  afterAll(async () => {
    await standIn.close();
    await h.close();
  });

  async function checkout(planId = 'reguler-1') {
    const user = await createUser(h.db);
    const started = await startCheckout(h.db, user, { planId, providerId: 'stripe' }, { baseUrl: BASE });
    if (!started.ok) throw new Error(started.message);
    const [payment] = await h.db.select().from(payments).where(eq(payments.id, started.paymentId));
    return { user, started, sessionId: payment!.providerRef! };
  }
  const passesOf = (userId: string) =>
    h.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.source, 'payment')));
  const paymentsOf = (userId: string) => h.db.select().from(payments).where(eq(payments.userId, userId));

  it('creates a Checkout Session in IDR minor units tied to the member and the plan', async () => {
    const { user, started, sessionId } = await checkout('reguler-1');
    expect(started.redirectUrl).toBe(`${standIn.url}/c/pay/${sessionId}`);
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'idr',
      amount_total: 149_000 * 100,
      client_reference_id: user.id,
    });
    expect(session.metadata).toEqual({ paymentId: started.paymentId, userId: user.id, planId: 'reguler-1' });
    expect(session.success_url).toBe(`${BASE}/payment-capture?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${BASE}/payment-capture/cancel`);
  });

  it.each([1, 2, 3])(
    'grants once when the completion event arrives 5 times, concurrently and out of order with the return page (round %i)',
    async () => {
      const { user, sessionId } = await checkout('reguler-1');
      // Stripe settles; its event is held back so that the return page and the deliveries race.
      await standIn.complete(sessionId, 'bayar', 0);
      const { payload } = await standIn.emit('checkout.session.completed', { ...standIn.sessions.get(sessionId)! }, 0);
      const query = new URLSearchParams({ session_id: sessionId });
      const results = await Promise.all([
        captureReturn(h.db, user.id, query, { now: NOW, baseUrl: BASE }),
        ...Array.from({ length: 5 }, () => webhook(payload, signStripePayload(payload, SECRET))),
        captureReturn(h.db, user.id, query, { now: NOW, baseUrl: BASE }),
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

      const rows = await paymentsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'paid',
        amount: 149_000,
        receiptNumber: expect.stringMatching(/^TLH-2026-\d{6}$/),
      });
      const passes = await passesOf(user.id);
      expect(passes).toHaveLength(1);
      expect(passes[0]).toMatchObject({
        tier: 'reguler',
        startsAt: NOW,
        endsAt: addMonthsWib(NOW, 1),
        paymentId: rows[0]!.id,
      });
      expect(await h.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, rows[0]!.id))).toHaveLength(1);
      expect(receiptMails(user.email)).toHaveLength(1);
      expect(await currentTier(h.db, user.id, NOW)).toEqual({ tier: 'reguler', endsAt: addMonthsWib(NOW, 1) });

      // A late "completed" replay and a fresh event id for the same session change nothing either.
      expect((await webhook(payload, signStripePayload(payload, SECRET))).body).toMatchObject({
        change: 'duplicate-event',
      });
      const again = await standIn.emit('checkout.session.completed', { ...standIn.sessions.get(sessionId)! });
      expect(again.statuses).toEqual([200]);
      expect(await passesOf(user.id)).toHaveLength(1);
      expect(await paymentsOf(user.id)).toMatchObject([{ receiptNumber: rows[0]!.receiptNumber }]);
    },
  );

  it('rejects forged and stale signatures with 400 and changes nothing', async () => {
    const { user, sessionId } = await checkout('premium-1');
    await standIn.complete(sessionId, 'bayar', 0);
    const { payload } = await standIn.emit('checkout.session.completed', { ...standIn.sessions.get(sessionId)! }, 0);
    const forged = await webhook(payload, signStripePayload(payload, 'whsec_someone_else'));
    const stale = await webhook(payload, signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) - 600));
    const unsigned = await handleWebhook(h.db, 'stripe', { rawBody: payload, headers: new Headers() }, { now: NOW });
    const tampered = await webhook(payload.replace('"paid"', '"unpaid"'), signStripePayload(payload, SECRET));
    expect([forged.status, stale.status, unsigned.status, tampered.status]).toEqual([400, 400, 400, 400]);
    expect(forged.body).toEqual({ error: 'Tanda tangan webhook tidak valid.' });
    expect(await paymentsOf(user.id)).toMatchObject([{ status: 'pending', receiptNumber: null }]);
    expect(await passesOf(user.id)).toEqual([]);
    expect(await h.db.select().from(paymentEvents)).not.toContainEqual(
      expect.objectContaining({ eventId: JSON.parse(payload).id }),
    );
  });

  it('refuses a signature timestamped more than 5 minutes in the future', async () => {
    const { user, sessionId } = await checkout('premium-1');
    await standIn.complete(sessionId, 'bayar', 0);
    const { payload } = await standIn.emit('checkout.session.completed', { ...standIn.sessions.get(sessionId)! }, 0);
    const future = await webhook(payload, signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) + 3600));
    expect(future).toEqual({ status: 400, body: { error: 'Tanda tangan webhook tidak valid.' } });
    expect(await passesOf(user.id)).toEqual([]);
    const slightlyAhead = await webhook(
      payload,
      signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) + 60),
    );
    expect(slightlyAhead.status).toBe(200);
  });

  it.each([['{}'], ['[]'], ['null'], ['{"id":"evt_1","type":"checkout.session.completed"}'], ['{"id":1,"data":{}}']])(
    'acknowledges the correctly signed but malformed event %s with 200 as rejected',
    async (payload) => {
      const answer = await webhook(payload, signStripePayload(payload, SECRET));
      expect(answer).toEqual({ status: 200, body: { received: true, rejected: 'Peristiwa tidak dikenali; ditolak.' } });
    },
  );

  it('waits while an asynchronous payment is processing and grants nothing when it fails', async () => {
    const { user, sessionId } = await checkout('reguler-3');
    const s = standIn.sessions.get(sessionId)!;
    Object.assign(s, { status: 'complete' });
    await standIn.emit('checkout.session.completed', { ...s });
    expect(
      await captureReturn(h.db, user.id, new URLSearchParams({ session_id: sessionId }), { now: NOW, baseUrl: BASE }),
    ).toMatchObject({ kind: 'processing' });
    await standIn.emit('checkout.session.async_payment_failed', { ...s });
    // A late "completed, not yet paid" must not turn the failure back into processing.
    await standIn.emit('checkout.session.completed', { ...s });
    expect(await paymentsOf(user.id)).toMatchObject([
      { status: 'failed', failureReason: expect.stringContaining('menolak') },
    ]);
    expect(await passesOf(user.id)).toEqual([]);
  });

  it('grants an asynchronous payment once it succeeds', async () => {
    const { user, sessionId } = await checkout('reguler-1');
    const s = standIn.sessions.get(sessionId)!;
    Object.assign(s, { status: 'complete', payment_intent: 'pi_test_async' });
    await standIn.emit('checkout.session.completed', { ...s });
    Object.assign(s, { payment_status: 'paid' });
    await standIn.emit('checkout.session.async_payment_succeeded', { ...s }, 3);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: 'paid', providerPaymentRef: 'pi_test_async' }]);
    expect(await passesOf(user.id)).toHaveLength(1);
  });

  it('refuses to grant when the amount does not match the plan', async () => {
    const { user, sessionId } = await checkout('premium-12');
    const s = standIn.sessions.get(sessionId)!;
    Object.assign(s, { status: 'complete', payment_status: 'paid', amount_total: 100 * 100 });
    await standIn.emit('checkout.session.completed', { ...s });
    expect(await paymentsOf(user.id)).toMatchObject([{ status: 'rejected' }]);
    expect(await passesOf(user.id)).toEqual([]);
  });

  it('ends the access a refund paid for, and keeps it ended on a repeated refund event', async () => {
    const { user, sessionId } = await checkout('reguler-1');
    await standIn.complete(sessionId, 'bayar');
    expect((await currentTier(h.db, user.id, NOW)).tier).toBe('reguler');
    const pi = standIn.sessions.get(sessionId)!.payment_intent!;
    await standIn.refund(pi);
    expect(await currentTier(h.db, user.id, NOW)).toEqual({ tier: 'gratis', endsAt: null });
    const charge = {
      id: 'ch_test_again',
      object: 'charge',
      amount: 14_900_000,
      amount_refunded: 14_900_000,
      refunded: true,
      currency: 'idr',
      payment_intent: pi,
    };
    expect((await standIn.emit('charge.refunded', charge)).statuses).toEqual([200]);
    expect(await paymentsOf(user.id)).toMatchObject([{ status: 'refunded', refundedAt: NOW }]);
    expect(await passesOf(user.id)).toEqual([]);
  });

  it('keeps payments anonymised when the member deletes the account, and exports them before', async () => {
    const { user, sessionId } = await checkout('reguler-1');
    await standIn.complete(sessionId, 'bayar');
    const exported = (await exportData(h.db, user.id))!;
    expect(exported.payments).toMatchObject([
      { status: 'paid', amount: 149_000, planId: 'reguler-1', receiptNumber: expect.any(String) },
    ]);
    const [before] = await paymentsOf(user.id);
    expect(await deleteAccount(h.db, user.id, user.email, NOW)).toMatchObject({ ok: true });
    const [after] = await h.db.select().from(payments).where(eq(payments.id, before!.id));
    expect(after).toMatchObject({
      userId: null,
      amount: 149_000,
      receiptNumber: before!.receiptNumber,
      status: 'paid',
    });
  });
});
