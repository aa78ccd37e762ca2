/**
 * The words of a payment shared by the database schema, the payment services and the pages: which
 * provider took it and where it stands. Types only; the rules of paying live in the payments service.
 */

export type PaymentProviderId = 'stripe' | 'midtrans';

/**
 * pending: checkout started; processing: the provider accepted it but has not settled (bank transfer,
 * virtual account); paid: settled and granted; failed / expired: nothing granted (a later settlement
 * of the same checkout still counts); refunded: the pass it bought is removed; rejected: the provider's
 * amount or currency did not match the plan, nothing granted.
 */
export type PaymentStatus = 'pending' | 'processing' | 'paid' | 'failed' | 'expired' | 'refunded' | 'rejected';

/**
 * The provider's verified word on one checkout. `open` changes nothing; `processing` means accepted
 * but not settled yet (bank transfer, virtual account, card review).
 */
/**
 * `refund-pending`: a refund was asked for and the provider has not finished it (the pass stays);
 * `refund-failed`: a refund failed or was canceled, the money stayed with us (the admin is told).
 */
export type ProviderStatus =
  | 'open'
  | 'processing'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'partially-refunded'
  | 'refund-pending'
  | 'refund-failed';
