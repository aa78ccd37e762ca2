/** Payments: checkout, capture, the providers and their webhooks, fulfilment, receipts and payment history. */
export { AFTER_PAY_COOKIE, readAfterPay } from './after-pay';
export { captureReturn } from './capture';
export { NOT_CONFIGURED, planFromInput, startCheckout, type StartResult } from './checkout';
export { fulfil, type Payment } from './fulfil';
export { awaitingTransfers, currentAndUpcomingPasses, paymentHistory } from './history';
export { findReceipt, type Receipt, receiptPath } from './receipts';
export { checkoutOrigins, configuredProviders } from './registry';
export { lockMember, previewPass, recomputePasses } from './schedule';
export { handleWebhook } from './webhooks';
