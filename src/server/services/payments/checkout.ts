/**
 * Starting a payment: validates the plan and the provider, records the payment, and asks the provider
 * for its checkout page. The payment row exists before the provider is called, so every checkout the
 * provider knows of can be matched back to a member and a plan.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftPasses, payments } from '../../db/schema';
import { findPlan, type Plan } from '../../../domain/plans';
import { configuredProviders } from './registry';
import { quotePromo } from '../membership/promo';
import type { PaymentProvider } from './types';
import { log } from '../../log';

export const NOT_CONFIGURED =
  'Pembayaran belum dikonfigurasi di server ini, jadi paket belum bisa dibeli. Tidak ada biaya yang ditagihkan; silakan hubungi admin Telaah.';
const PROVIDER_DOWN =
  'Penyedia pembayaran sedang tidak dapat dihubungi. Tidak ada biaya yang ditagihkan; coba lagi beberapa saat lagi.';

export type StartResult =
  | { ok: true; redirectUrl: string; paymentId: string }
  | { ok: false; status: 400 | 502 | 503; field: 'plan' | 'provider' | 'promo' | 'form'; message: string };

export interface StartInput {
  planId: unknown;
  providerId: unknown;
  /** A promo code typed on /pay (empty: none). */
  promoCode?: unknown;
  /** A gift for someone else's address, already checked by parseGiftInput() (decision 0041). */
  gift?: { email: string; message: string | null };
}

/** The plan for a `plan` query or form value, or undefined. */
export function planFromInput(raw: unknown): Plan | undefined {
  return typeof raw === 'string' ? findPlan(raw) : undefined;
}

/** The provider a member chose (or the only one on offer); undefined when the choice is missing or unknown. */
function chooseProvider(raw: unknown, providers: PaymentProvider[]): PaymentProvider | undefined {
  if (typeof raw === 'string' && raw) return providers.find((p) => p.id === raw);
  return providers.length === 1 ? providers[0] : undefined;
}

export async function startCheckout(
  db: Db,
  user: { id: string; name: string; email: string },
  input: StartInput,
  opts: { baseUrl: string; providers?: PaymentProvider[]; now?: Date },
): Promise<StartResult> {
  const plan = planFromInput(input.planId);
  if (!plan)
    return {
      ok: false,
      status: 400,
      field: 'plan',
      message: 'Paket tidak dikenal. Pilih paket dari halaman Pilih paket.',
    };
  const providers = opts.providers ?? configuredProviders();
  if (providers.length === 0) return { ok: false, status: 503, field: 'form', message: NOT_CONFIGURED };
  const provider = chooseProvider(input.providerId, providers);
  if (!provider) return { ok: false, status: 400, field: 'provider', message: 'Pilih metode pembayaran.' };
  const code = typeof input.promoCode === 'string' ? input.promoCode.trim() : '';
  const quote = code ? await quotePromo(db, user.id, code, plan, opts.now ?? new Date()) : null;
  if (quote && !quote.ok) return { ok: false, status: 400, field: 'promo', message: quote.message };
  const amount = quote?.ok ? quote.amount : plan.price;

  const gift = input.gift;
  const payment = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        userId: user.id,
        provider: provider.id,
        planId: plan.id,
        tier: plan.tier,
        months: plan.months,
        amount,
        currency: 'IDR',
        gift: !!gift,
        ...(quote?.ok ? { promoCodeId: quote.promo.id, promoCode: quote.promo.code, listPrice: quote.listPrice } : {}),
      })
      .returning({ id: payments.id });
    if (gift)
      await tx
        .insert(giftPasses)
        .values({ paymentId: row!.id, buyerId: user.id, recipientEmail: gift.email, message: gift.message });
    return row;
  });
  try {
    const started = await provider.startCheckout({
      paymentId: payment!.id,
      plan,
      amount,
      user,
      baseUrl: opts.baseUrl,
    });
    await db.update(payments).set({ providerRef: started.ref }).where(eq(payments.id, payment!.id));
    return { ok: true, redirectUrl: started.redirectUrl, paymentId: payment!.id };
  } catch (err) {
    log('error', 'checkout could not be started', {
      provider: provider.id,
      paymentId: payment!.id,
      error: String(err),
    });
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: PROVIDER_DOWN })
      .where(eq(payments.id, payment!.id));
    return { ok: false, status: 502, field: 'form', message: PROVIDER_DOWN };
  }
}
