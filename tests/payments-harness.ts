/**
 * The set-up shared by tests of payment flows below the browser (admin refunds, promo codes): a data folder
 * of the test file's own (its outbox holds the receipt mails), a fresh test database with an admin, and the
 * Stripe and Midtrans stand-ins delivering their events to the real webhook handler, all at a fixed `now`.
 *
 * Call usePaymentsHarness() inside a `describe`: it sets the environment the payment modules read (keys,
 * webhook secrets, the stand-ins' addresses, DATA_DIR, no SMTP) and registers the hooks that start and stop
 * everything. The fields are filled in by its beforeAll.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../src/server/db/schema';
import { startCheckout, type StartResult } from '../src/server/services/payments';
import { handleWebhook } from '../src/server/services/payments';
import { createTestDb, type TestDb } from './db';
import { createUser } from './factories/users';
import { startMidtransStandIn, type MidtransStandInOptions } from './stand-ins/midtrans';
import { startStripeStandIn, type StripeStandInOptions } from './stand-ins/stripe';

type Provider = 'stripe' | 'midtrans';
type Payment = typeof payments.$inferSelect;
type Refused = Extract<StartResult, { ok: false }>;

export interface PaymentsHarness {
  /** The test database (fresh for the file). */
  h: TestDb;
  stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  midtrans: Awaited<ReturnType<typeof startMidtransStandIn>>;
  /** An admin of the test database (the actor of console actions). */
  adminId: string;
  /**
   * The stand-ins' options, read at each delivery: set `deliveries` to 0 to hold a provider's events back
   * until the test sends them itself.
   */
  stripeOpts: StripeStandInOptions;
  midtransOpts: MidtransStandInOptions;
  /**
   * Starts a checkout of `planId` for `user` through `provider` (with `promoCode` when given) and pays it at
   * the provider's stand-in, whose one delivery of the event settles it through the webhook. Returns
   * startCheckout()'s refusal, or the payment as it stands after.
   */
  pay(
    user: { id: string; name: string; email: string },
    planId: string,
    provider: Provider,
    promoCode?: string,
  ): Promise<Refused | { ok: true; paymentId: string; payment: Payment }>;
  /** The text of the newest receipt mail to `to` in the data folder's outbox. */
  receiptMail(to: string): string;
}

/** See the module's comment. `name` names the data folder; `now` and `baseUrl` are the checkouts' and webhooks'. */
export function usePaymentsHarness(name: string, opts: { now: Date; baseUrl: string }): PaymentsHarness {
  const dataDir = mkdtempSync(path.join(tmpdir(), `telaah-${name}-`));
  const stripeSecret = `whsec_${name}_test_secret`;
  const midtransKey = `SB-Mid-server-${name}-test`;
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: `sk_test_${name}`,
    STRIPE_WEBHOOK_SECRET: stripeSecret,
    MIDTRANS_SERVER_KEY: midtransKey,
    SMTP_URL: '',
  });
  const webhook = (provider: Provider, rawBody: string, headers: Record<string, string>) =>
    handleWebhook(t.h.db, provider, { rawBody, headers: new Headers(headers) }, opts);
  // The database, stand-ins and admin are set by beforeAll, before any test reads them.
  const t = {
    stripeOpts: {
      webhookSecret: stripeSecret,
      receive: async (payload, headers) => (await webhook('stripe', payload, headers)).status,
    },
    midtransOpts: {
      serverKey: midtransKey,
      receive: async (body) => (await webhook('midtrans', body, { 'content-type': 'application/json' })).status,
    },
    async pay(user, planId, provider, promoCode) {
      const input = { planId, providerId: provider, ...(promoCode === undefined ? {} : { promoCode }) };
      const started = await startCheckout(t.h.db, user, input, opts);
      if (!started.ok) return started;
      const paymentOf = async () =>
        (await t.h.db.select().from(payments).where(eq(payments.id, started.paymentId)))[0]!;
      const ref = (await paymentOf()).providerRef!;
      if (provider === 'stripe') await t.stripe.complete(ref, 'bayar', 1);
      else await t.midtrans.setStatus(ref, 'settlement', { payment_type: 'qris' }, 1);
      return { ok: true, paymentId: started.paymentId, payment: await paymentOf() };
    },
    receiptMail(to) {
      const dir = path.join(dataDir, 'outbox');
      const mails = readdirSync(dir)
        .sort()
        .map(
          (f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string },
        );
      return mails.filter((m) => m.to === to && m.subject.startsWith('Kuitansi')).at(-1)!.text;
    },
  } as PaymentsHarness;

  beforeAll(async () => {
    t.stripe = await startStripeStandIn(t.stripeOpts);
    t.midtrans = await startMidtransStandIn(t.midtransOpts);
    process.env.STRIPE_API_BASE = t.stripe.url;
    process.env.MIDTRANS_API_BASE = t.midtrans.url;
    t.h = await createTestDb();
    t.adminId = (await createUser(t.h.db, { role: 'admin' })).id;
  });
  afterAll(async () => {
    await t.stripe?.close();
    await t.midtrans?.close();
    await t.h?.close();
  });
  return t;
}
