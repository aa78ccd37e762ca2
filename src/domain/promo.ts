/**
 * Promo code arithmetic (docs/product.md §6): what a code takes off a plan's price. Whole Rupiah; the one
 * rounding is here: a percentage's discount is rounded down, so the member never pays more than the
 * percentage promises by a fraction, and Telaah never gives away more than it says.
 */
export type PromoKind = 'percent' | 'fixed';

/**
 * The lowest price a code may bring a plan to: above Stripe's minimum charge (USD 0.50 or its equivalent,
 * Stripe API reference, `amount`), so a discounted checkout is never refused by the provider.
 */
export const MIN_PROMO_PRICE = 10_000;

/** The discount a code gives on `price`, in whole Rupiah, never bringing it below MIN_PROMO_PRICE. */
export function promoDiscount(price: number, promo: { kind: PromoKind; value: number }): number {
  const raw = promo.kind === 'percent' ? Math.floor((price * promo.value) / 100) : promo.value;
  return Math.max(0, Math.min(raw, price - MIN_PROMO_PRICE));
}
