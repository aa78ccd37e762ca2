/** Memberships: the tier a member holds now, free trials, gift memberships and promo codes. */
export { currentTier, type CurrentTier, tierFrom } from './current-tier';
export {
  type BoughtGift,
  GIFT_MESSAGE_MAX,
  GIFT_RESEND_MAX,
  GIFT_UNKNOWN,
  giftByToken,
  type GiftInputResult,
  giftOfPayment,
  giftRefusal,
  giftsBoughtBy,
  listGifts,
  parseGiftInput,
  redeemGift,
  resendGift,
  revokeGift,
} from './gifts';
export { createPromoCode, listPromoCodes, type PromoResult, quotePromo } from './promo';
export { MAX_TRIAL_DAYS, setTrialDays, startTrial, trialDays, trialOffer, type TrialResult } from './trials';
