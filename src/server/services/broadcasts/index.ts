/** Broadcasts (docs/product.md §6, decision 0039): composed in the console, delivered by the broadcasts job. */
export { readDraft, audienceSize, sendBroadcast, listBroadcasts, MAX_BODY, MAX_TITLE } from './compose';
export type { BroadcastInput, Draft, BroadcastSummary, SendResult } from './compose';
export { runBroadcasts, describeBroadcastRun } from './deliver';
export type { BroadcastRunDeps, BroadcastRunSummary, BroadcastSenders } from './deliver';
export { renderBroadcast, telegramMessage } from './markdown';
export { broadcastEmail } from './message';
export { planDeliveries, audienceMembers } from './audience';
