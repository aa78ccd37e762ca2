/**
 * Warrants (waran), docs/product.md §5.6: a listed code of its own (`XXXX-W`, `XXXX-W2`) that converts
 * into shares of its company at the exercise price until it expires. Pure; no I/O.
 */

/** A warrant series as listed. */
export interface WarrantTerms {
  code: string;
  /** The company's share code the warrant converts into. */
  underlying: string;
  exercisePrice: number;
  /** `ratioWarrants` warrants convert into `ratioShares` shares (1 : 1 for almost every series). */
  ratioWarrants: number;
  ratioShares: number;
  /** Last day of exercise; after it the warrant is worthless. */
  expiry: string;
}

/** Shares received for exercising `warrants`, rounded down (a fraction of a share is not issued). */
export function sharesFromWarrants(warrants: number, t: Pick<WarrantTerms, 'ratioWarrants' | 'ratioShares'>): number {
  if (warrants <= 0) return 0;
  return Number((BigInt(warrants) * BigInt(t.ratioShares)) / BigInt(t.ratioWarrants));
}

/** The cash paid to exercise: shares received × exercise price, whole Rupiah. */
export function exerciseCash(sharesReceived: number, exercisePrice: number): number {
  return Math.round(sharesReceived * exercisePrice);
}
