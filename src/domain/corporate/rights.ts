/**
 * Rights issues (HMETD), docs/product.md §5.6: the entitlement on the cum date, the theoretical
 * ex-rights price (TERP) as IDX publishes it, and what a lapse costs. Pure; no I/O.
 */
import { roundToTick } from '../idx';

/** A rights issue's terms: `ratioFrom` old shares give `ratioTo` rights; one right buys one new share. */
export interface RightsTerms {
  ratioFrom: number;
  ratioTo: number;
  /** Harga pelaksanaan, Rupiah per new share. */
  exercisePrice: number;
}

/**
 * Rights credited for `shares` held at the end of the cum date: shares × ratioTo ÷ ratioFrom, rounded
 * down (a fraction of a right is not credited). Exact in integers of any size.
 */
export function rightsEntitlement(shares: number, ratioFrom: number, ratioTo: number): number {
  if (shares <= 0 || ratioFrom <= 0 || ratioTo <= 0) return 0;
  return Number((BigInt(shares) * BigInt(ratioTo)) / BigInt(ratioFrom));
}

/**
 * IDX's theoretical price: (cum price × ratioFrom + exercise price × ratioTo) ÷ (ratioFrom + ratioTo),
 * unrounded (IDX announces it to three decimals, e.g. SMGR 2022: Rp 6.731,272).
 */
export function theoreticalExRightsPrice(cumPrice: number, t: RightsTerms): number {
  return (cumPrice * t.ratioFrom + t.exercisePrice * t.ratioTo) / (t.ratioFrom + t.ratioTo);
}

/**
 * The TERP as JATS lists it on the ex date: the theoretical price moved to the nearest step of the
 * price grid. IDX's published cases fit "nearest" and not "down": DNAR 2021 255,091 → 256 (down
 * would be 254); SMGR 2022 6.731,272 → 6.725; BBHI 2021 1.736,819 → 1.735.
 */
export function terpOnTick(cumPrice: number, t: RightsTerms): number {
  return roundToTick(theoreticalExRightsPrice(cumPrice, t));
}

/** The share of the enlarged company a holder who lets every right lapse gives up: ratioTo ÷ (ratioFrom + ratioTo). */
export function dilution(t: RightsTerms): number {
  return t.ratioTo / (t.ratioFrom + t.ratioTo);
}

/**
 * The theoretical value of lapsed rights: rights × (TERP − exercise price), whole Rupiah, never
 * below zero (a right to buy above the market price is worth nothing).
 */
export function lapsedValue(rights: number, terp: number, exercisePrice: number): number {
  return Math.max(0, Math.round(rights * (terp - exercisePrice)));
}
